import { describe, expect, it } from 'vitest';
import { assTime, buildSubtitles, escapeAssText, splitCaption } from './build-subtitles.ts';

const segments = [
  { start: 5, end: 9, text: 'Before the clip' },
  { start: 9, end: 11, text: 'Starts before the clip' },
  { start: 12, end: 14.5, text: 'Inside {\\b0}the clip\\N' },
  { start: 24, end: 27, text: 'Runs past the end' },
  { start: 30, end: 31, text: 'After the clip' },
];

describe('buildSubtitles', () => {
  const ass = buildSubtitles(segments, { clipStart: 10, clipDuration: 15, width: 1080, height: 1920 });
  const events = ass.split('\n').filter((l) => l.startsWith('Dialogue:'));

  it('keeps the segments inside the clip, shifted to clip time and cut at its edges', () => {
    expect(events).toEqual([
      'Dialogue: 0,0:00:00.00,0:00:01.00,Caption,,0,0,0,,Starts before the clip',
      'Dialogue: 0,0:00:02.00,0:00:04.50,Caption,,0,0,0,,Inside (∖b0)the clip∖N',
      'Dialogue: 0,0:00:14.00,0:00:15.00,Caption,,0,0,0,,Runs past the end',
    ]);
  });

  it('uses a readable style: bold, outlined, bottom centre, on the video canvas', () => {
    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    const style = ass
      .split('\n')
      .find((l) => l.startsWith('Style: Caption'))!
      .slice('Style: '.length)
      .split(',');
    const format = ass
      .split('\n')
      .find((l) => l.startsWith('Format: Name'))!
      .slice('Format: '.length)
      .split(', ');
    const field = (name: string) => style[format.indexOf(name)];
    expect(field('Bold')).toBe('-1');
    expect(field('BorderStyle')).toBe('1');
    expect(Number(field('Outline'))).toBeGreaterThan(0);
    expect(field('Alignment')).toBe('2');
    expect(Number(field('Fontsize'))).toBe(81);
  });

  it('gives a valid file with no events when nothing is inside', () => {
    const empty = buildSubtitles([], { clipStart: 0, clipDuration: 10, width: 320, height: 240 });
    expect(empty).toContain('[Events]');
    expect(empty).not.toContain('Dialogue:');
  });
});

describe('subtitle helpers', () => {
  it('splits long segments into short captions sharing the time', () => {
    const parts = splitCaption({ start: 0, end: 10, text: 'one two three four five six seven eight nine ten' }, 20);
    expect(parts.map((p) => p.text)).toEqual(['one two three four', 'five six seven eight', 'nine ten']);
    expect(parts[0].start).toBe(0);
    expect(parts.at(-1)!.end).toBe(10);
    for (let i = 1; i < parts.length; i++) expect(parts[i].start).toBeCloseTo(parts[i - 1].end, 9);
  });

  it('formats ASS times and escapes text', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(3723.456)).toBe('1:02:03.46');
    expect(escapeAssText(' a {b}\n c\\d ')).toBe('a (b) c∖d');
  });
});
