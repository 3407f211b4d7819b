import { describe, expect, it } from 'vitest';
import { segmentWords, spreadWords } from './caption-words.ts';

describe('spreadWords', () => {
  it('shares the line’s time among its words by their length in characters', () => {
    const words = spreadWords({ start: 10, end: 17, text: ' I  am\nhere ' });
    expect(words.map((w) => w.text)).toEqual(['I', 'am', 'here']);
    // 1, 2 and 4 of 7 characters over 7 s.
    expect(words.map((w) => [w.start, w.end])).toEqual([
      [10, 11],
      [11, 13],
      [13, 17],
    ]);
  });

  it('ends exactly at the line’s end and gives nothing for an empty line', () => {
    const words = spreadWords({ start: 0.1, end: 0.7, text: 'a bb ccc' });
    expect(words.at(-1)!.end).toBe(0.7);
    for (let i = 1; i < words.length; i++) expect(words[i].start).toBe(words[i - 1].end);
    expect(spreadWords({ start: 0, end: 1, text: '  ' })).toEqual([]);
  });
});

describe('segmentWords', () => {
  it('keeps the transcriber’s word timings, and spreads the text when there are none', () => {
    const timed = { start: 0, end: 2, text: 'Hello there', words: [{ start: 0.2, end: 0.6, text: 'Hello' }] };
    expect(segmentWords(timed)).toBe(timed.words);
    expect(segmentWords({ ...timed, words: [] })).toEqual(spreadWords(timed));
    expect(segmentWords({ start: 0, end: 2, text: 'Hello there' }).map((w) => w.text)).toEqual(['Hello', 'there']);
  });
});
