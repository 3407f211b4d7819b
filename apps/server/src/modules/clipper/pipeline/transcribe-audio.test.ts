import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnswer, startFakeTranscriber, type FakeTranscriber } from '../../../../test/clipper/fake-transcriber.ts';
import { makeWav } from '../../../../test/clipper/make-test-video.ts';
import { TranscriptionError } from './errors.ts';
import { segmentsFrom, transcribeAudio, transcriptionEndpoint } from './transcribe-audio.ts';

let fake: FakeTranscriber;
let dir: string;
let wav25: string;

beforeAll(async () => {
  fake = await startFakeTranscriber();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-transcribe-'));
  wav25 = await makeWav(dir, 25);
});
afterEach(() => {
  fake.requests.length = 0;
  fake.answer = defaultAnswer;
});
afterAll(async () => {
  await fake.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('transcribeAudio (OpenAI-compatible /v1/audio/transcriptions)', () => {
  it('uploads 10 s chunks as multipart and offsets each chunk’s segments', async () => {
    const progress: number[] = [];
    const segments = await transcribeAudio(wav25, {
      baseUrl: `${fake.url}/v1`,
      apiKey: 'sk-test',
      model: 'whisper-large-v3',
      chunkSec: 10,
      durationSec: 25,
      onProgress: (f) => progress.push(f),
    });
    expect(fake.requests).toHaveLength(3);
    for (const request of fake.requests) {
      expect(request.authorization).toBe('Bearer sk-test');
      expect(request.fields).toEqual({
        model: ['whisper-large-v3'],
        response_format: ['verbose_json'],
        'timestamp_granularities[]': ['segment'],
      });
      expect(request.fileType).toBe('audio/wav');
      expect(request.fileName).toMatch(/\.wav$/);
    }
    expect(fake.requests.map((r) => Math.round(r.audioSec! * 100) / 100)).toEqual([10, 10, 5]);
    expect(segments).toEqual([
      { start: 0.5, end: 2, text: 'Chunk 0 says hello.' },
      { start: 10.5, end: 12, text: 'Chunk 1 says hello.' },
      { start: 20.5, end: 22, text: 'Chunk 2 says hello.' },
    ]);
    expect(progress.at(-1)).toBe(1);
    // Chunk files are cleaned up; the source WAV stays.
    expect(await fs.readdir(dir)).toEqual([path.basename(wav25)]);
  });

  it('sends a short file whole, without an API key header when none is set', async () => {
    const segments = await transcribeAudio(wav25, { baseUrl: fake.url, durationSec: 25 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].authorization).toBeUndefined();
    expect(fake.requests[0].fields.model).toEqual(['whisper-1']);
    expect(fake.requests[0].audioSec).toBeCloseTo(25, 1);
    expect(segments).toEqual([{ start: 0.5, end: 2, text: 'Chunk 0 says hello.' }]);
  });

  it('returns [] when nothing is said', async () => {
    fake.answer = () => ({ body: { text: '', segments: [] } });
    expect(await transcribeAudio(wav25, { baseUrl: `${fake.url}/v1`, durationSec: 25, chunkSec: 10 })).toEqual([]);
  });

  it('throws a clear error with the endpoint’s message and status', async () => {
    fake.answer = () => ({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } });
    const error = (await transcribeAudio(wav25, { baseUrl: `${fake.url}/v1`, durationSec: 25 }).catch(
      (e: unknown) => e,
    )) as TranscriptionError;
    expect(error).toBeInstanceOf(TranscriptionError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('The transcription endpoint answered 401: Incorrect API key provided');
  });

  it('throws a clear error when the endpoint is unreachable or answers something else', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(transcribeAudio(wav25, { baseUrl: `http://127.0.0.1:${port}/v1`, durationSec: 25 })).rejects.toThrow(
      'The transcription endpoint could not be reached: ECONNREFUSED',
    );
    fake.answer = () => ({ body: 'plain text answer' });
    await expect(transcribeAudio(wav25, { baseUrl: `${fake.url}/v1`, durationSec: 25 })).rejects.toThrow('something other than JSON');
    fake.answer = () => ({ body: {}, delayMs: 2000 });
    await expect(transcribeAudio(wav25, { baseUrl: `${fake.url}/v1`, durationSec: 25, requestTimeoutMs: 200 })).rejects.toThrow(
      'did not answer within',
    );
  });

  it('stops on abort while the service is answering', async () => {
    fake.answer = () => ({ body: {}, delayMs: 2000 });
    const controller = new AbortController();
    const outcome = transcribeAudio(wav25, { baseUrl: `${fake.url}/v1`, durationSec: 25, signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await expect.poll(() => fake.requests.length, { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect(await outcome).toMatchObject({ name: 'AbortError' });
  });
});

describe('transcription helpers', () => {
  it('builds the endpoint from a base URL', () => {
    expect(transcriptionEndpoint('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(transcriptionEndpoint('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://whisper.local:8000')).toBe('http://whisper.local:8000/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://x/openai/v1/audio/transcriptions')).toBe('http://x/openai/v1/audio/transcriptions');
    expect(() => transcriptionEndpoint('not a url')).toThrow(TranscriptionError);
  });

  it('offsets segments, drops empty ones, keeps them inside the chunk and falls back to the text', () => {
    expect(
      segmentsFrom(
        {
          segments: [
            { start: 0, end: 1.5, text: ' Hi ' },
            { start: 2, end: 3, text: '   ' },
            { start: 9, end: 12, text: 'Cut' },
          ],
        },
        600,
        10,
      ),
    ).toEqual([
      { start: 600, end: 601.5, text: 'Hi' },
      { start: 609, end: 610, text: 'Cut' },
    ]);
    expect(segmentsFrom({ text: 'Only text', duration: 4 }, 10, 10)).toEqual([{ start: 10, end: 14, text: 'Only text' }]);
  });
});
