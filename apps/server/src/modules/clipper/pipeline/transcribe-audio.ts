import fs from 'node:fs/promises';
import path from 'node:path';
import { abortReason, TranscriptionError } from './errors.ts';
import { inputArgs, runFfmpeg } from './run-ffmpeg.ts';
import type { FractionCallback, TranscriptSegment, TranscriptWord } from './types.ts';

/** 10 minutes of 16 kHz mono 16-bit audio is about 19 MB, under OpenAI's 25 MB upload limit. */
export const DEFAULT_CHUNK_SEC = 600;

export interface TranscriptionConfig {
  /** OpenAI-compatible API base: 'https://api.openai.com/v1' (…/audio/transcriptions is added), a bare origin (…/v1/audio/transcriptions is added) or the full endpoint URL. */
  baseUrl: string;
  apiKey?: string;
  /** Default 'whisper-1'. */
  model?: string;
  /** ISO-639-1 hint, optional. */
  language?: string;
  /** Length of each uploaded piece; default 600 s. */
  chunkSec?: number;
  /** Per request; default 5 minutes. */
  requestTimeoutMs?: number;
}

export interface TranscribeAudioOptions extends TranscriptionConfig {
  /** Length of the WAV in seconds (from the probe). */
  durationSec: number;
  /** Where chunk files go (removed when done); default: next to the WAV. */
  workDir?: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
  onProgress?: FractionCallback;
  /** For tests; default globalThis.fetch. */
  fetch?: typeof fetch;
}

interface VerboseJson {
  text?: string;
  duration?: number;
  segments?: { start?: number; end?: number; text?: string }[];
  /** Present when word timestamps were asked for; OpenAI's whisper-1 gives them without punctuation. */
  words?: { word?: string; start?: number; end?: number }[];
}

/**
 * Transcribes a WAV through an OpenAI-compatible `POST /v1/audio/transcriptions` (multipart: file,
 * model, response_format=verbose_json, timestamp_granularities[]=word and =segment), sending it in
 * chunks of chunkSec cut with ffmpeg, and returns the segments with their words (when the service
 * gives word timestamps) in seconds of the whole file.
 * Throws TranscriptionError when the endpoint is unreachable or answers an error. No speech gives [].
 */
export async function transcribeAudio(wavPath: string, options: TranscribeAudioOptions): Promise<TranscriptSegment[]> {
  const { durationSec, ffmpegPath = 'ffmpeg', signal, onProgress } = options;
  const chunkSec = Math.max(1, options.chunkSec ?? DEFAULT_CHUNK_SEC);
  const endpoint = transcriptionEndpoint(options.baseUrl);
  const chunks = Math.max(1, Math.ceil(durationSec / chunkSec - 1e-6));
  const workDir = options.workDir ?? path.dirname(wavPath);
  const segments: TranscriptSegment[] = [];
  onProgress?.(0);

  for (let i = 0; i < chunks; i++) {
    signal?.throwIfAborted();
    const offset = i * chunkSec;
    let chunkPath = wavPath;
    if (chunks > 1) {
      chunkPath = path.join(workDir, `${path.basename(wavPath, '.wav')}-chunk-${i}.wav`);
      await cutWav(ffmpegPath, wavPath, chunkPath, offset, chunkSec, signal);
    }
    try {
      const answer = await postChunk(endpoint, chunkPath, `audio-${i}.wav`, options);
      const length = Math.min(chunkSec, durationSec - offset);
      segments.push(...segmentsFrom(answer, offset, length));
    } finally {
      if (chunkPath !== wavPath) await fs.rm(chunkPath, { force: true });
    }
    onProgress?.((i + 1) / chunks);
  }
  return segments;
}

/** The endpoint URL for an API base (see TranscriptionConfig.baseUrl). */
export function transcriptionEndpoint(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TranscriptionError(`The transcription base URL "${baseUrl}" is not a URL.`);
  }
  const base = url.toString().replace(/\/+$/, '');
  if (/\/audio\/transcriptions$/.test(url.pathname)) return base;
  if (url.pathname === '/' || url.pathname === '') return `${base}/v1/audio/transcriptions`;
  return `${base}/audio/transcriptions`;
}

async function cutWav(ffmpegPath: string, wavPath: string, outPath: string, offset: number, length: number, signal?: AbortSignal) {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(offset),
    '-t',
    String(length),
    ...inputArgs(wavPath, 'wav'),
    '-map',
    '0:a:0',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    outPath,
  ];
  await runFfmpeg(ffmpegPath, args, { signal });
}

async function postChunk(endpoint: string, chunkPath: string, fileName: string, options: TranscribeAudioOptions): Promise<VerboseJson> {
  const { signal, requestTimeoutMs = 5 * 60_000 } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const form = new FormData();
  form.append('file', new Blob([await fs.readFile(chunkPath)], { type: 'audio/wav' }), fileName);
  form.append('model', options.model ?? 'whisper-1');
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'word');
  form.append('timestamp_granularities[]', 'segment');
  if (options.language) form.append('language', options.language);

  const timeout = AbortSignal.timeout(requestTimeoutMs);
  const requestSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await doFetch(endpoint, {
      method: 'POST',
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      body: form,
      signal: requestSignal,
    });
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (timeout.aborted)
      throw new TranscriptionError(`The transcription endpoint did not answer within ${Math.round(requestTimeoutMs / 1000)} s.`);
    throw new TranscriptionError(`The transcription endpoint could not be reached: ${causeMessage(error)}`);
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    throw new TranscriptionError(`The transcription answer broke off: ${causeMessage(error)}`, response.status);
  }
  if (!response.ok) {
    throw new TranscriptionError(`The transcription endpoint answered ${response.status}: ${errorMessage(body)}`, response.status);
  }
  try {
    return JSON.parse(body) as VerboseJson;
  } catch {
    throw new TranscriptionError(
      'The transcription endpoint answered something other than JSON (response_format verbose_json).',
      response.status,
    );
  }
}

/** Segments of one chunk's answer with their words, shifted by the chunk's offset and kept within it. */
export function segmentsFrom(answer: VerboseJson, offset: number, length: number): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (const s of answer.segments ?? []) {
    const text = (s.text ?? '').replace(/\s+/g, ' ').trim();
    const start = Number(s.start);
    const end = Number(s.end);
    if (!text || !Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue;
    out.push({ start: round3(offset + Math.max(0, start)), end: round3(offset + Math.min(end, length)), text });
  }
  const text = (answer.text ?? '').replace(/\s+/g, ' ').trim();
  if (out.length === 0 && text) out.push({ start: round3(offset), end: round3(offset + (answer.duration ?? length)), text });
  return attachWords(
    out.filter((s) => s.end > s.start),
    wordsFrom(answer, offset, length),
  );
}

/** Word timings of one chunk's answer, shifted by the chunk's offset and kept within it, in order. */
function wordsFrom(answer: VerboseJson, offset: number, length: number): TranscriptWord[] {
  const out: TranscriptWord[] = [];
  for (const w of answer.words ?? []) {
    const text = (w.word ?? '').replace(/\s+/g, ' ').trim();
    const start = Math.max(0, Number(w.start));
    const end = Math.min(Number(w.end), length);
    if (!text || !Number.isFinite(start) || !Number.isFinite(end) || end < start) continue;
    out.push({ start: round3(offset + start), end: round3(offset + end), text });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Gives each segment the words whose middle falls inside it (else in the nearest one). A segment
 * with as many words as its text keeps its text's spelling: whisper's word timestamps come without
 * punctuation, and the captions break at sentence ends.
 */
function attachWords(segments: TranscriptSegment[], words: TranscriptWord[]): TranscriptSegment[] {
  if (segments.length === 0 || words.length === 0) return segments;
  const bySegment = segments.map((): TranscriptWord[] => []);
  for (const word of words) {
    const middle = (word.start + word.end) / 2;
    let nearest = 0;
    let nearestDistance = Infinity;
    segments.forEach((segment, i) => {
      const distance = Math.max(segment.start - middle, middle - segment.end, 0);
      if (distance < nearestDistance) [nearest, nearestDistance] = [i, distance];
    });
    bySegment[nearest].push(word);
  }
  return segments.map((segment, i) => {
    const own = bySegment[i];
    if (own.length === 0) return segment;
    const spelled = segment.text.split(' ');
    return { ...segment, words: spelled.length === own.length ? own.map((w, k) => ({ ...w, text: spelled[k] })) : own };
  });
}

function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; detail?: string; message?: string };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.detail ?? parsed.message);
    if (message) return message;
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 300) || '(empty body)';
}

function causeMessage(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
