/** A span of the source in seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/** One spoken word, in seconds of the source. */
export interface TranscriptWord {
  start: number;
  end: number;
  text: string;
}

/** One timed line of a transcript, in seconds of the source. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** Its words with their own times, when the transcriber gave them (captions spread the text over the line otherwise). */
  words?: TranscriptWord[];
}

/** Where an input file lives and how ffmpeg must read it (the demuxer is forced, never guessed again). */
export interface MediaSource {
  /** Absolute path of the file. */
  path: string;
  /** ffmpeg demuxer to force with `-f` (mov, matroska, mpeg or mpegts). */
  demuxer: string;
  durationSec: number;
}

/** Fraction done, 0..1. */
export type FractionCallback = (fraction: number) => void;
