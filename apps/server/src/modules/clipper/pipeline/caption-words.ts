import type { TranscriptSegment, TranscriptWord } from './types.ts';

/**
 * A line's words timed without word timestamps (subtitle cues, transcribers that give none): the
 * line's time shared among its words in proportion to their length in characters, in order.
 */
export function spreadWords(segment: TranscriptSegment): TranscriptWord[] {
  const texts = segment.text.split(/\s+/).filter(Boolean);
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  const span = segment.end - segment.start;
  let chars = 0;
  return texts.map((text) => {
    const start = segment.start + (span * chars) / total;
    chars += text.length;
    const end = chars === total ? segment.end : segment.start + (span * chars) / total;
    return { start, end, text };
  });
}

/** The line's own word timings when it has them, else its words spread over it. */
export function segmentWords(segment: TranscriptSegment): TranscriptWord[] {
  return segment.words?.length ? segment.words : spreadWords(segment);
}
