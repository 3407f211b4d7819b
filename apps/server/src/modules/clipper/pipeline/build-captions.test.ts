import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CAPTION_STYLES, type TCaptionStyle } from '@hookline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assTime, buildCaptions, captionSafeArea, escapeAssText } from './build-captions.ts';
import { CAPTION_FONT_FAMILY, CAPTION_FONTS_DIR } from './caption-font.ts';
import { escapeFilterValue } from './run-ffmpeg.ts';
import type { TranscriptSegment } from './types.ts';

const run = promisify(execFile);

interface CaptionEvent {
  start: number;
  end: number;
  /** The first override block: position and the like. */
  tags: string;
  /** Every word on screen, in order. */
  words: string[];
  /** The highlighted word. */
  spoken: string;
}

/** Dialogue lines as shown: `{tags}before{highlight on}spoken{highlight off}after`, hard spaces as spaces. */
function parseEvents(ass: string): CaptionEvent[] {
  return ass
    .split('\n')
    .filter((line) => line.startsWith('Dialogue: '))
    .map((line) => {
      const fields = line.slice('Dialogue: '.length).split(',');
      const text = fields.slice(9).join(',');
      const parts = /^\{([^}]*)\}([^{]*)\{[^}]*\}([^{]*)\{[^}]*\}([^{]*)$/.exec(text);
      if (!parts) throw new Error(`unexpected event text: ${text}`);
      const shown = (s: string) => s.replace(/\\h/g, ' ');
      return {
        start: seconds(fields[1]),
        end: seconds(fields[2]),
        tags: parts[1],
        words: shown(parts[2] + parts[3] + parts[4])
          .split(' ')
          .filter(Boolean),
        spoken: shown(parts[3]).trim(),
      };
    });
}

function seconds(assTimeText: string): number {
  const [h, m, s] = assTimeText.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

function styleField(ass: string, name: string): string {
  const format = ass
    .split('\n')
    .find((l) => l.startsWith('Format: Name'))!
    .slice('Format: '.length)
    .split(', ');
  const style = ass
    .split('\n')
    .find((l) => l.startsWith('Style: Caption'))!
    .slice('Style: '.length)
    .split(',');
  return style[format.indexOf(name)];
}

const word = (text: string, start: number, end: number) => ({ text, start, end });

/** Source times; the clip is 10–25 s. */
const segments: TranscriptSegment[] = [
  {
    start: 8,
    end: 11,
    text: 'Before, across start.',
    words: [word('Before,', 8, 8.6), word('across', 9.7, 10.2), word('start.', 10.25, 11)],
  },
  {
    start: 11.3,
    end: 14.4,
    text: 'Say {\\b1}this now and then more words',
    words: [
      word('Say', 11.3, 12.1),
      word('{\\b1}this', 12.1, 12.4),
      word('now', 12.4, 12.7),
      word('and', 12.75, 12.9),
      word('then', 12.9, 13.2),
      // A pause of 0.6 s before "words".
      word('more', 13.2, 13.6),
      word('words', 14.2, 14.4),
    ],
  },
  // A subtitle cue: no word timings.
  { start: 16, end: 18, text: 'Spread over cue' },
  { start: 24, end: 26, text: 'Runs past end', words: [word('Runs', 24.2, 24.5), word('past', 24.5, 24.9), word('end', 24.9, 25.6)] },
];
const clip = { clipStart: 10, clipDuration: 15 };

describe('buildCaptions: timing', () => {
  for (const style of CAPTION_STYLES) {
    describe(style, () => {
      const ass = buildCaptions(segments, { ...clip, width: 1080, height: 1920, style });
      const events = parseEvents(ass);
      const shownCase = (text: string) => (style === 'bold' ? text.toUpperCase() : text);

      it('highlights each word inside the clip within 0.1 s of its start, in clip time', () => {
        const expected: [string, number][] = [
          ['across', 0],
          ['start.', 0.25],
          ...segments[1].words!.map((w): [string, number] => [escapeAssText(w.text), w.start - 10]),
          // The cue's 13 characters over its 2 s.
          ['Spread', 6],
          ['over', 6 + (2 * 6) / 13],
          ['cue', 6 + (2 * 10) / 13],
          ['Runs', 14.2],
          ['past', 14.5],
          ['end', 14.9],
        ];
        expect(events.map((e) => e.spoken)).toEqual(expected.map(([text]) => shownCase(text)));
        events.forEach((event, i) => expect(Math.abs(event.start - expected[i][1])).toBeLessThanOrEqual(0.1));
      });

      it('shows one to three words, groups one after the other, cut at the clip’s end', () => {
        for (const event of events) {
          expect(event.words.length).toBeGreaterThanOrEqual(1);
          expect(event.words.length).toBeLessThanOrEqual(3);
          expect(event.words).toContain(event.spoken);
          expect(event.end).toBeGreaterThan(event.start);
        }
        for (let i = 1; i < events.length; i++) expect(events[i].start).toBeGreaterThanOrEqual(events[i - 1].end);
        expect(events[0].start).toBe(0);
        expect(events.at(-1)!.end).toBe(15);
      });

      it('breaks groups at punctuation and pauses, and shows nothing during a pause', () => {
        const groupOf = (spoken: string) => events.find((e) => e.spoken === shownCase(spoken))!.words;
        expect(groupOf('start.')).toEqual(['across', 'start.'].map(shownCase));
        expect(groupOf('Say')[0]).toBe(shownCase('Say'));
        expect(groupOf('words')).toEqual([shownCase('words')]);
        // "more" ends at 3.6 s, "words" starts at 4.2 s; the cue starts at 6 s.
        expect(events.some((e) => e.start < 3.9 && e.end > 3.7)).toBe(false);
        expect(events.some((e) => e.start < 5.9 && e.end > 4.5)).toBe(false);
        // A short gap between groups keeps the last word up: "start." until "Say".
        expect(events.find((e) => e.spoken === shownCase('start.'))!.end).toBe(1.3);
      });

      it('escapes the text', () => {
        expect(ass).toContain(shownCase('(∖b1)this'));
        expect(ass.toLowerCase()).not.toContain('\\b1');
      });

      it('uses the shipped font, one line, in the middle of the safe width', () => {
        expect(styleField(ass, 'Fontname')).toBe(CAPTION_FONT_FAMILY);
        expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
        expect(ass).toContain('WrapStyle: 2');
        const safe = captionSafeArea(1080, 1920);
        const [x, y] = /\\pos\((\d+),(\d+)\)/.exec(events[0].tags)!.slice(1).map(Number);
        expect(Math.abs(x - (safe.left + safe.right) / 2)).toBeLessThanOrEqual(0.5);
        expect(y / 1920).toBeGreaterThan(0.6);
        expect(y / 1920).toBeLessThan(0.7);
      });
    });
  }

  it('shrinks a word too long for the line on its own', () => {
    const long = [{ start: 0, end: 2, text: 'so INTERNATIONALIZATION', words: [word('so', 0, 0.5), word('INTERNATIONALIZATION', 0.5, 2)] }];
    const ass = buildCaptions(long, { clipStart: 0, clipDuration: 2, width: 1080, height: 1920, style: 'bold' });
    const [short, longWord] = parseEvents(ass);
    expect(short.tags).not.toContain('\\fs');
    expect(Number(/\\fs(\d+)/.exec(longWord.tags)![1])).toBeLessThan(Number(styleField(ass, 'Fontsize')));
  });

  it('gives a valid file without events when nothing is said in the clip', () => {
    const ass = buildCaptions(segments, { clipStart: 19, clipDuration: 4, width: 320, height: 240, style: 'clean' });
    expect(ass).toContain('[Events]');
    expect(ass).not.toContain('Dialogue:');
  });
});

describe('caption helpers', () => {
  it('keeps out of the apps’ buttons and text on 9:16', () => {
    expect(captionSafeArea(1080, 1920)).toEqual({ left: 65, top: 269, right: 918, bottom: 1440 });
    for (const [w, h] of [
      [1080, 1080],
      [1080, 1350],
      [1920, 1080],
    ]) {
      const safe = captionSafeArea(w, h);
      expect(safe.left).toBeGreaterThan(0);
      expect(safe.top).toBeGreaterThan(0);
      expect(safe.right).toBeLessThan(w);
      expect(safe.bottom).toBeLessThan(h);
    }
  });

  it('formats ASS times and escapes text', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(3723.456)).toBe('1:02:03.46');
    expect(escapeAssText(' a {b}\n c\\d ')).toBe('a (b) c∖d');
  });
});

/**
 * Burned by libass with only the shipped font (fontconfig configured with no font directories), on
 * black frames: every lit pixel must be inside the safe area, and the captions must be there.
 */
describe('buildCaptions: rendered', () => {
  const FPS = 10;
  const transcript: TranscriptSegment[] = [
    {
      start: 0.2,
      end: 4.8,
      text: 'Wow, this is great news INTERNATIONALIZATION WWW MMM mmm.',
      words: [
        word('Wow,', 0.2, 0.6),
        word('this', 0.7, 0.9),
        word('is', 0.9, 1),
        word('great', 1, 1.4),
        word('news', 1.4, 1.8),
        word('INTERNATIONALIZATION', 2.5, 3.5),
        word('WWW', 3.6, 4),
        word('MMM', 4, 4.4),
        word('mmm.', 4.4, 4.8),
      ],
    },
  ];
  /** "great" of three words, a pause, the long word, the wide letters. */
  const frames = [
    { at: 1.1, spoken: true },
    { at: 2.1, spoken: false },
    { at: 3, spoken: true },
    { at: 4.2, spoken: true },
  ];
  /** The spoken word's colour (text, or box for boxed). */
  const highlight: Record<TCaptionStyle, [number, number, number]> = {
    bold: [0xff, 0xd6, 0x00],
    boxed: [0x22, 0xc5, 0x5e],
    clean: [0x22, 0xc5, 0x5e],
  };
  const sizes = [
    ['9:16', 540, 960],
    ['1:1', 540, 540],
    ['4:5', 540, 676],
    ['16:9', 960, 540],
  ] as const;

  let dir: string;
  let fontconfigFile: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-captions-'));
    fontconfigFile = path.join(dir, 'fonts.conf');
    await fs.writeFile(fontconfigFile, '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n');
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function renderFrames(
    assPath: string,
    width: number,
    height: number,
    fontsDir: string | null = CAPTION_FONTS_DIR,
  ): Promise<Buffer[]> {
    const ass = `ass=filename=${escapeFilterValue(assPath)}${fontsDir ? `:fontsdir=${escapeFilterValue(fontsDir)}` : ''}`;
    const pick = frames.map((f) => `eq(n\\,${Math.round(f.at * FPS)})`).join('+');
    const { stdout } = await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `color=c=black:s=${width}x${height}:r=${FPS}:d=5,format=rgb24,${ass},select=${pick}`,
        '-fps_mode',
        'passthrough',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-',
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FONTCONFIG_FILE: fontconfigFile } },
    );
    const size = width * height * 3;
    expect(stdout.length).toBe(size * frames.length);
    return frames.map((_, i) => stdout.subarray(i * size, (i + 1) * size));
  }

  it('draws nothing without the shipped font folder: no system font stands in', async () => {
    const assPath = path.join(dir, 'no-fonts.ass');
    await fs.writeFile(assPath, buildCaptions(transcript, { clipStart: 0, clipDuration: 5, width: 540, height: 960, style: 'bold' }));
    for (const rgb of await renderFrames(assPath, 540, 960, null)) expect(rgb.some((v) => v > 0)).toBe(false);
  });

  for (const [ratio, width, height] of sizes) {
    for (const style of CAPTION_STYLES) {
      it(`${style} on ${ratio} (${width}×${height})`, async () => {
        const assPath = path.join(dir, `${style}-${width}x${height}.ass`);
        await fs.writeFile(assPath, buildCaptions(transcript, { clipStart: 0, clipDuration: 5, width, height, style }));
        const safe = captionSafeArea(width, height);
        const rendered = await renderFrames(assPath, width, height);
        rendered.forEach((rgb, f) => {
          let lit = 0;
          let outside = 0;
          let highlighted = 0;
          for (let y = 0; y < height; y++) {
            for (let x = 0; x < width; x++) {
              const i = (y * width + x) * 3;
              if (rgb[i] + rgb[i + 1] + rgb[i + 2] === 0) continue;
              lit++;
              if (x < safe.left || x >= safe.right || y < safe.top || y >= safe.bottom) outside++;
              if (highlight[style].every((c, k) => Math.abs(rgb[i + k] - c) <= 8)) highlighted++;
            }
          }
          const frame = `${frames[f].at} s`;
          expect(outside, `${frame}: lit pixels outside the safe area`).toBe(0);
          if (frames[f].spoken) {
            expect(lit, `${frame}: caption pixels`).toBeGreaterThan(500);
            expect(highlighted, `${frame}: spoken word pixels`).toBeGreaterThan(100);
          } else {
            expect(lit, `${frame}: a pause shows nothing`).toBe(0);
          }
        });
      });
    }
  }
});
