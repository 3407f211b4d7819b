import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TranscriptionRequest {
  path: string;
  authorization: string | undefined;
  /** Text fields of the multipart body (file excluded). */
  fields: Record<string, string[]>;
  fileName: string | null;
  fileType: string | null;
  /** Length of the uploaded WAV, from its header. */
  audioSec: number | null;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface FakeTranscriber {
  /** http://127.0.0.1:{port}; the endpoint is `${url}/v1/audio/transcriptions`. */
  url: string;
  requests: TranscriptionRequest[];
  /**
   * How to answer each request; by default one segment 0.5–2.0 s per upload, as OpenAI's verbose_json,
   * and its words (without punctuation, as whisper-1 gives them) when the request asks for word timestamps.
   */
  answer: (request: TranscriptionRequest, index: number) => FakeAnswer;
  close(): Promise<void>;
}

/** The default answer's words with their times in the upload, as whisper-1 gives them: no punctuation. */
export function defaultWords(index: number) {
  return [
    { word: 'Chunk', start: 0.5, end: 0.92 },
    { word: String(index), start: 0.92, end: 1.1 },
    { word: 'says', start: 1.24, end: 1.5 },
    { word: 'hello', start: 1.5, end: 2 },
  ];
}

export const defaultAnswer = (request: TranscriptionRequest, index: number): FakeAnswer => ({
  body: {
    task: 'transcribe',
    language: 'english',
    duration: request.audioSec,
    text: `Chunk ${index} says hello.`,
    segments: [
      {
        id: 0,
        seek: 0,
        start: 0.5,
        end: 2,
        text: ` Chunk ${index} says hello.`,
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1,
        no_speech_prob: 0.01,
      },
    ],
    ...(request.fields['timestamp_granularities[]']?.includes('word') ? { words: defaultWords(index) } : {}),
  },
});

/**
 * A local stand-in for OpenAI's `POST /v1/audio/transcriptions`
 * (https://platform.openai.com/docs/api-reference/audio/createTranscription): multipart in
 * (file, model, response_format, timestamp_granularities[]), JSON out; errors use OpenAI's
 * `{ error: { message, type } }` body.
 */
export async function startFakeTranscriber(): Promise<FakeTranscriber> {
  const fake: FakeTranscriber = {
    url: '',
    requests: [],
    answer: defaultAnswer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const request: TranscriptionRequest = {
      path: req.url,
      authorization: req.headers.authorization,
      fields: {},
      fileName: null,
      fileType: null,
      audioSec: null,
    };
    try {
      // undici's Response parses multipart/form-data bodies.
      const form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') (request.fields[name] ??= []).push(value);
        else {
          request.fileName = value.name;
          request.fileType = value.type;
          request.audioSec = wavSeconds(Buffer.from(await value.arrayBuffer()));
        }
      }
    } catch {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Could not parse multipart body', type: 'invalid_request_error' } }));
      return;
    }
    fake.requests.push(request);
    const answer = fake.answer(request, fake.requests.length - 1);
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res
      .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
      .end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Seconds of PCM audio in a RIFF/WAVE file (byte rate from 'fmt ', size of 'data'). */
export function wavSeconds(buf: Buffer): number | null {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= buf.length;) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') byteRate = buf.readUInt32LE(at + 16);
    if (id === 'data') return byteRate ? Math.min(size, buf.length - at - 8) / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}
