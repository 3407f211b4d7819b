import { setTimeout as sleep } from 'node:timers/promises';
import { ChannelAuthError, PublishError } from '../../publishing/channel-publisher.ts';
import type { PostMedia } from '../network-adapter.ts';
import { readJson, retryAfterMs } from '../network-http.ts';
import { classifyYouTubeError, explainYouTubeError, YOUTUBE_LABEL } from './youtube-errors.ts';

/**
 * Google's resumable upload protocol (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol):
 * every chunk but the last is a multiple of 256 KiB.
 */
export const UPLOAD_CHUNK_UNIT = 256 * 1024;
/** One chunk at a slow connection's pace. */
const CHUNK_TIMEOUT_MS = 5 * 60_000;
/** Interruptions in a row (without YouTube taking a byte more) before the publish is given up for now. */
const MAX_INTERRUPTIONS = 5;
/** A longer wait than this is left to the scheduler's retry, with a new upload. */
const MAX_WAIT_MS = 60_000;
const MAX_PLATFORM_ERROR = 4000;

export interface ResumableUpload {
  /** The session URI YouTube answered in Location. */
  sessionUrl: string;
  accessToken: string;
  video: PostMedia;
  /** Bytes per PUT, a multiple of 256 KiB. */
  chunkBytes: number;
  /** The first wait after an interrupted chunk; doubles with each interruption in a row. */
  resumeDelayMs: number;
  signal: AbortSignal;
}

type SessionAnswer =
  /** The upload is complete: YouTube's video resource. */
  | { kind: 'done'; resource: unknown }
  /** 308 Resume Incomplete: YouTube holds this many bytes from the start. */
  | { kind: 'received'; bytes: number }
  /** 5xx, 429 or the connection broke: ask the session how far it got, then go on from there. */
  | { kind: 'interrupted'; error: PublishError };

/** "bytes=0-524287" → 524288; no Range means YouTube holds nothing yet. */
function receivedBytes(range: string | null): number {
  if (range === null) return 0;
  const match = /^bytes=0-(\d+)$/.exec(range.trim());
  if (!match) throw new PublishError(`${YOUTUBE_LABEL} answered an upload range Hookline could not read.`, false, undefined, range);
  return Number(match[1]) + 1;
}

/** A session answer that is neither progress nor success, as callNetwork would report it. */
function refusal(status: number, headers: Headers, body: string): PublishError {
  const platformError = body.slice(0, MAX_PLATFORM_ERROR) || `HTTP ${status}`;
  const explained = explainYouTubeError(status, body);
  if (status === 401) {
    return new ChannelAuthError(
      explained ?? `${YOUTUBE_LABEL} no longer accepts this channel's authorization. Reconnect the channel.`,
      platformError,
    );
  }
  if (status === 404) {
    // The guide: a session that answers 404 has expired and the upload must start over.
    return new PublishError(
      `The ${YOUTUBE_LABEL} upload session expired. Hookline will upload the video again.`,
      true,
      undefined,
      platformError,
    );
  }
  const temporary = status === 429 || status >= 500;
  const message = temporary
    ? `${YOUTUBE_LABEL} had a problem during the upload (HTTP ${status}). Hookline will try again.`
    : `${YOUTUBE_LABEL} refused the upload (HTTP ${status}).`;
  const error = new PublishError(explained ?? message, temporary, temporary ? retryAfterMs(headers) : undefined, platformError);
  return classifyYouTubeError(error);
}

/**
 * One PUT to the upload session (a chunk, or the status question). A plain fetch, not callNetwork:
 * the progress is the Range header of a 308, and callNetwork keeps only the body of answers that
 * are not 2xx.
 */
async function putToSession(upload: ResumableUpload, headers: Record<string, string>, body: Uint8Array): Promise<SessionAnswer> {
  const { signal } = upload;
  let response: Response;
  try {
    response = await fetch(upload.sessionUrl, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${upload.accessToken}`, ...headers },
      body,
      // 308 is Google's "Resume Incomplete" here, not a redirect to follow.
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(CHUNK_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return {
      kind: 'interrupted',
      error: new PublishError(`The upload to ${YOUTUBE_LABEL} broke off (${cause}). Hookline will try again.`, true),
    };
  }
  if (response.status === 308) {
    await response.body?.cancel();
    return { kind: 'received', bytes: receivedBytes(response.headers.get('range')) };
  }
  if (response.ok) return { kind: 'done', resource: await readJson<unknown>(response, YOUTUBE_LABEL) };
  const error = refusal(response.status, response.headers, await response.text().catch(() => ''));
  if (response.status === 429 || response.status >= 500) return { kind: 'interrupted', error };
  throw error;
}

/** Reads on until `pending` holds `want` bytes or the file ends. */
async function fill(source: AsyncIterator<Buffer>, pending: Buffer, want: number): Promise<Buffer> {
  const parts = [pending];
  let length = pending.length;
  while (length < want) {
    const { value, done } = await source.next();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  return parts.length === 1 ? pending : Buffer.concat(parts);
}

/**
 * Sends the video to a resumable upload session in chunks, each answered 308 with the bytes YouTube
 * holds. A chunk that fails (5xx, 429, a broken connection) is not sent again blindly: the session
 * is asked for its status (an empty PUT whose Content-Range names only the total) and the upload
 * goes on from the bytes it reports. Only the bytes YouTube has not confirmed are kept in memory,
 * about one chunk. Answers YouTube's video resource.
 */
export async function uploadResumable(upload: ResumableUpload): Promise<unknown> {
  const { video, chunkBytes, signal } = upload;
  const total = video.size;
  const stream = await video.open();
  const source = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  /** The bytes after `offset` read from the file, not yet confirmed by YouTube. */
  let pending: Buffer = Buffer.alloc(0);
  let offset = 0;
  /** The end of the last chunk sent. */
  let sent = 0;
  let interruptions = 0;
  let askFirst = false;
  try {
    for (;;) {
      let answer: SessionAnswer;
      if (askFirst) {
        answer = await putToSession(upload, { 'Content-Range': `bytes */${total}` }, new Uint8Array(0));
      } else {
        const want = Math.min(chunkBytes, total - offset);
        pending = await fill(source, pending, want);
        if (pending.length < want) {
          throw new PublishError(`${video.name} is shorter than when it was uploaded to Hookline; upload it again.`, false);
        }
        const chunk = pending.subarray(0, want);
        const range = `bytes ${offset}-${offset + want - 1}/${total}`;
        sent = offset + want;
        answer = await putToSession(upload, { 'Content-Type': video.type, 'Content-Range': range }, chunk);
      }
      if (answer.kind === 'done') return answer.resource;
      let interruption: PublishError;
      if (answer.kind === 'received') {
        if (answer.bytes < offset || answer.bytes > sent) {
          throw new PublishError(
            `${YOUTUBE_LABEL} reported ${answer.bytes} bytes of the upload where Hookline had sent ${sent}. Hookline will upload the video again.`,
            true,
          );
        }
        if (answer.bytes > offset) interruptions = 0;
        pending = pending.subarray(answer.bytes - offset);
        offset = answer.bytes;
        askFirst = false;
        if (offset < total) continue;
        interruption = new PublishError(
          `${YOUTUBE_LABEL} holds the whole video but has not confirmed the upload. Hookline will try again.`,
          true,
        );
      } else {
        interruption = answer.error;
      }
      interruptions += 1;
      const wait = interruption.retryAfterMs ?? upload.resumeDelayMs * 2 ** (interruptions - 1);
      if (interruptions > MAX_INTERRUPTIONS || wait > MAX_WAIT_MS) throw interruption;
      await sleep(wait, undefined, { signal });
      askFirst = true;
    }
  } finally {
    stream.destroy();
  }
}
