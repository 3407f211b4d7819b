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
  it('uploads 10 s chunks as multipart and offsets each chunk’s segments and words', async () => {
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
        'timestamp_granularities[]': ['word', 'segment'],
      });
      expect(request.fileType).toBe('audio/wav');
      expect(request.fileName).toMatch(/\.wav$/);
    }
    expect(fake.requests.map((r) => Math.round(r.audioSec! * 100) / 100)).toEqual([10, 10, 5]);
    expect(segments).toEqual(
      [0, 1, 2].map((i) => ({
        start: i * 10 + 0.5,
        end: i * 10 + 2,
        text: `Chunk ${i} says hello.`,
        // The segment's spelling (with its full stop) on whisper's word times.
        words: [
          { start: i * 10 + 0.5, end: i * 10 + 0.92, text: 'Chunk' },
          { start: i * 10 + 0.92, end: i * 10 + 1.1, text: String(i) },
          { start: i * 10 + 1.24, end: i * 10 + 1.5, text: 'says' },
          { start: i * 10 + 1.5, end: i * 10 + 2, text: 'hello.' },
        ],
      })),
    );
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
    expect(segments.map((s) => [s.start, s.end, s.text, s.words?.length])).toEqual([[0.5, 2, 'Chunk 0 says hello.', 4]]);
  });

  it('still works with a service that gives no word timestamps', async () => {
    // Asked for words, answered without them (JSON leaves out the undefined field).
    fake.answer = (request, index) => ({ body: { ...(defaultAnswer(request, index).body as object), words: undefined } });
    const segments = await transcribeAudio(wav25, { baseUrl: fake.url, durationSec: 25 });
    expect(fake.requests[0].fields['timestamp_granularities[]']).toContain('word');
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

  it('gives each segment the words timed inside it, offset and kept within the chunk', () => {
    const segments = segmentsFrom(
      {
        segments: [
          { start: 0, end: 2, text: ' Well, hello there.' },
          { start: 3, end: 5, text: ' State-of-the-art stuff!' },
          { start: 8, end: 12, text: ' Cut off' },
        ],
        words: [
          { word: 'there', start: 1.2, end: 1.9 },
          { word: 'Well', start: 0.1, end: 0.4 },
          { word: 'hello', start: 0.5, end: 1.1 },
          // Between the segments: its middle is nearer the second one.
          { word: 'State', start: 2.4, end: 3.2 },
          { word: 'of', start: 3.2, end: 3.3 },
          { word: 'the', start: 3.3, end: 3.4 },
          { word: 'art', start: 3.4, end: 3.8 },
          { word: ' stuff ', start: 3.8, end: 4.5 },
          { word: '', start: 4.5, end: 4.6 },
          { word: 'broken', start: 4.7, end: 4.6 },
          { word: 'Cut', start: 8.5, end: 9 },
          { word: 'off', start: 9.5, end: 11 },
        ],
      },
      100,
      10,
    );
    expect(segments).toEqual([
      {
        start: 100,
        end: 102,
        text: 'Well, hello there.',
        words: [
          { start: 100.1, end: 100.4, text: 'Well,' },
          { start: 100.5, end: 101.1, text: 'hello' },
          { start: 101.2, end: 101.9, text: 'there.' },
        ],
      },
      {
        start: 103,
        end: 105,
        text: 'State-of-the-art stuff!',
        // Not one word per spelled word: whisper's own words are kept.
        words: [
          { start: 102.4, end: 103.2, text: 'State' },
          { start: 103.2, end: 103.3, text: 'of' },
          { start: 103.3, end: 103.4, text: 'the' },
          { start: 103.4, end: 103.8, text: 'art' },
          { start: 103.8, end: 104.5, text: 'stuff' },
        ],
      },
      {
        start: 108,
        end: 110,
        text: 'Cut off',
        words: [
          { start: 108.5, end: 109, text: 'Cut' },
          { start: 109.5, end: 110, text: 'off' },
        ],
      },
    ]);
  });
});
