import { HttpError } from '../../../lib/http-error.ts';

/** The upload is not a video we accept (not media at all, or a container other than MP4/MOV, MPEG, MKV/WebM): 415. */
export class UnsupportedMediaError extends HttpError {
  readonly code = 'unsupported_media';
  constructor(message: string) {
    super(415, message);
    this.name = 'UnsupportedMediaError';
  }
}

/** The source is longer than allowed (2 hours for uploads): 422. */
export class MediaTooLongError extends HttpError {
  readonly code = 'media_too_long';
  constructor(
    readonly durationSec: number,
    readonly maxDurationSec: number,
  ) {
    super(422, `The video is ${formatDuration(durationSec)} long; the limit is ${formatDuration(maxDurationSec)}.`);
    this.name = 'MediaTooLongError';
  }
}

/** ffmpeg, ffprobe (or yt-dlp) could not start, exited with an error or timed out. `stderrTail` holds its last lines. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null = null,
    readonly stderrTail = '',
    /** The binary was not found (spawn ENOENT). */
    readonly missingBinary = false,
  ) {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
    this.name = 'FfmpegError';
  }
}

/** The transcription endpoint was unreachable or answered with an error. */
export class TranscriptionError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'TranscriptionError';
  }
}

/** The error to throw for an aborted signal: its reason when that is an Error, else a DOMException named AbortError. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted', 'AbortError');
}

/** True for the error an aborted signal produces (ours, fetch's and Node's). Check `signal.aborted` to know who aborted. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function formatDuration(sec: number): string {
  const total = Math.round(sec);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}
