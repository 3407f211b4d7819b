import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../../src/db/database.ts';
import { makeTestVideo } from '../clipper/make-test-video.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { multipartBody } from '../support/multipart.ts';
import {
  databaseUrl,
  livingProcessesMentioning,
  remoteCaller,
  signUpRemote,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process.ts';
import { createTestApp, createTestDatabase, signUp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

describe('graceful shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets a request that is in flight finish, then stops accepting connections', async () => {
    const { cookie } = await signUp(t.app, { email: 'inflight@example.com' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody([{ name: 'file', file: image, filename: 'slow.png', type: 'image/png' }]);

    const received = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
    let request!: http.ClientRequest;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/me/avatar', headers: { ...headers, origin: TEST_BASE_URL, cookie } },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
    });
    // Half the upload; once the server has the request, shutdown starts, and once the server has
    // stopped listening (shutdown under way), the other half.
    request.write(payload.subarray(0, payload.length / 2));
    await received;
    const closed = t.app.close();
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false), { timeout: 15_000, interval: 10 });
    request.end(payload.subarray(payload.length / 2));

    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body).url).toMatch(/^\/api\/files\/avatars\/.+-slow\.png$/);
    await closed;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});

interface PacedResult {
  status: number;
  body: Buffer;
  /** The whole response arrived (false: the connection broke first). */
  complete: boolean;
  error?: string;
}

/**
 * A request on a connection of its own whose pace the test sets: the body is sent with send()
 * (send() without a chunk ends it) and, with pauseAfterFirstChunk, the answer is read only after
 * resume(), like a slow client.
 */
function pacedRequest(
  url: string,
  route: string,
  options: { method: string; headers: http.OutgoingHttpHeaders; pauseAfterFirstChunk?: boolean },
) {
  let gotFirstChunk = () => {};
  const firstChunk = new Promise<void>((resolve) => (gotFirstChunk = resolve));
  let response: http.IncomingMessage | undefined;
  let request!: http.ClientRequest;
  const result = new Promise<PacedResult>((resolve) => {
    request = http.request(`${url}${route}`, { method: options.method, headers: options.headers, agent: false }, (res) => {
      response = res;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (chunks.length === 0 && options.pauseAfterFirstChunk) res.pause();
        chunks.push(chunk);
        gotFirstChunk();
      });
      res.on('error', () => {});
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), complete: res.complete }));
    });
    request.on('error', (error) => resolve({ status: 0, body: Buffer.alloc(0), complete: false, error: error.message }));
  });
  let finished = false;
  void result.then(() => (finished = true));
  return {
    firstChunk,
    result,
    /** Still waiting for (the rest of) its answer. */
    inFlight: () => !finished,
    send(chunk?: Buffer) {
      if (chunk) request.write(chunk);
      else request.end();
    },
    resume: () => response?.resume(),
  };
}

/**
 * Callers sending small requests one after another (keep-alive, like browsers), each tagged
 * ?probe=n so the server's request log tells which ones it accepted; they stop once connections are refused.
 */
function startProbeLoad(url: string, cookie: string, callers: number) {
  const outcomes = new Map<number, string>();
  let next = 0;
  let stopped = false;
  const loops = Array.from({ length: callers }, async (_, caller) => {
    while (!stopped) {
      const probe = ++next;
      const write = caller % 2 === 0;
      try {
        const response = await fetch(`${url}${write ? '/api/drafts' : '/api/me'}?probe=${probe}`, {
          method: write ? 'POST' : 'GET',
          headers: { origin: url, cookie, ...(write ? { 'content-type': 'application/json' } : {}) },
          body: write ? JSON.stringify({ type: 'post', text: `probe ${probe}` }) : undefined,
        });
        await response.arrayBuffer();
        outcomes.set(probe, String(response.status));
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        outcomes.set(probe, code);
        if (code === 'ECONNREFUSED') return;
      }
    }
  });
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The URLs of the requests the server logged as received ("incoming request" at debug, pino JSON lines). */
function acceptedUrls(serverOutput: string): string[] {
  return serverOutput.split('\n').flatMap((line) => {
    if (!line.includes('"incoming request"')) return [];
    return [(JSON.parse(line) as { req?: { url?: string } }).req?.url ?? ''];
  });
}

/** The probes among them. */
const acceptedProbes = (serverOutput: string): number[] =>
  acceptedUrls(serverOutput).flatMap((url) => {
    const probe = /[?&]probe=(\d+)/.exec(url);
    return probe ? [Number(probe[1])] : [];
  });

const countBy = (values: string[]) => Object.fromEntries([...new Set(values)].map((v) => [v, values.filter((x) => x === v).length]));

/** Polls (with vi.waitFor) until `probe` answers something, and returns that. */
function waitFor<T>(what: string, timeoutMs: number, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (!value) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

const LONG_ANSWER_PLEASE = 'A long answer, please';

describe('SIGTERM to a server process under load', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-sigterm-'));
  let ai: FakeOpenAI;
  let server: ServerProcess | undefined;
  let dropDatabase = async () => {};
  let env: Record<string, string>;
  let target: DatabaseTarget;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    const created = await createTestDatabase(dataDir);
    target = created.target;
    dropDatabase = created.drop;
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(target),
      // The "incoming request" lines (debug) tell which probes the server accepted.
      LOG_LEVEL: 'debug',
      JOB_POLL_MS: '50',
      AI_BASE_URL: `${ai.url}/v1`,
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'test-model',
      // Load shedding would answer 503 on a busy test machine; this test is about shutdown.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await ai?.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes every accepted request, streams included, stops the clip job and its ffmpeg, and exits 0 within 10 s', async () => {
    server = await startServerProcess({ env, outputLimit: 50_000_000 });
    const { url } = server;
    const cookie = await signUpRemote(url, 'sigterm@example.com');
    const call = remoteCaller(url, cookie);
    const headers = { origin: url, cookie };
    const video = fs.readFileSync((await makeTestVideo()).mp4);
    const newDraft = async () => ((await call('POST', '/api/drafts', { type: 'video', text: '' })).body as { id: string }).id;
    const withMedia = await newDraft();
    const media = await multipartBody([{ name: 'file', file: video, filename: 'talk.mp4', type: 'video/mp4' }]);
    const attached = pacedRequest(url, `/api/drafts/${withMedia}/media`, { method: 'POST', headers: { ...headers, ...media.headers } });
    attached.send(media.payload);
    attached.send();
    expect((await attached.result).status).toBe(200);

    // Requests in flight when SIGTERM comes: a slow upload (half sent), a slow reader of a video,
    // the assistant's streamed reply, callers sending small requests, and (below) a clip job's
    // event stream. All but the last wait for the test, so they are set up first.
    const uploadDraft = await newDraft();
    const uploading = pacedRequest(url, `/api/drafts/${uploadDraft}/media`, {
      method: 'POST',
      headers: { ...headers, ...media.headers },
    });
    uploading.send(media.payload.subarray(0, media.payload.length / 2));
    const downloading = pacedRequest(url, `/api/drafts/${withMedia}/media`, { method: 'GET', headers, pauseAfterFirstChunk: true });
    downloading.send();
    // The model stops after the first word of its reply until the server is shutting down, so the
    // reply is still streaming then, however long the waits below take on a slow machine. The clip
    // job's own calls get an empty answer, which is never held, so the model does not hold the job up.
    const longAnswer = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    ai.reply = (messages) => (messages.some((m) => m.content === LONG_ANSWER_PLEASE) ? longAnswer : '');
    let releaseModel = () => {};
    ai.hold = new Promise((resolve) => (releaseModel = resolve));
    const assistant = pacedRequest(url, '/api/assistant/stream', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    assistant.send(Buffer.from(JSON.stringify({ messages: [{ role: 'user', content: LONG_ANSWER_PLEASE }] })));
    assistant.send();
    const probes = startProbeLoad(url, cookie, 4);
    // In flight means received: answers have begun, and the upload's request is in the server's log.
    await Promise.all([downloading.firstChunk, assistant.firstChunk]);
    await waitFor('the upload to be received', 30_000, () => acceptedUrls(server!.output()).includes(`/api/drafts/${uploadDraft}/media`));

    // Last, a clip job, which runs ffmpeg in the server only for as long as its work takes (seconds),
    // so the signal goes as soon as one of its ffmpeg processes is seen.
    const clip = await multipartBody([
      { name: 'clip_duration', value: '15' },
      { name: 'num_clips', value: '3' },
      { name: 'add_subtitles', value: 'true' },
      { name: 'async', value: 'true' },
      { name: 'video_file', file: video, filename: 'talk.mp4', type: 'video/mp4' },
    ]);
    const submitting = pacedRequest(url, '/api/process', { method: 'POST', headers: { ...headers, ...clip.headers } });
    submitting.send(clip.payload);
    submitting.send();
    const processed = await submitting.result;
    expect(processed.status, processed.body.toString()).toBe(202);
    const jobId = (JSON.parse(processed.body.toString()) as { job_id: string }).job_id;
    const events = pacedRequest(url, `/api/clipper/jobs/${jobId}/events`, { method: 'GET', headers });
    events.send();
    await events.firstChunk;
    const ffmpegAtSigterm = await waitFor('an ffmpeg of the clip job', 60_000, () => {
      const found = livingProcessesMentioning(dataDir).filter((p) => p.ppid === server?.pid && /ffmpeg/.test(p.args));
      return found.length > 0 ? found : undefined;
    });

    const inFlight = { uploading, downloading, assistant, events };
    expect(Object.entries(inFlight).filter(([, r]) => !r.inFlight())).toEqual([]);
    const sentAt = performance.now();
    server.child.kill('SIGTERM');
    // Once the server says it is shutting down, the slow clients and the model carry on.
    await waitFor('the server to start shutting down', 10_000, () => server!.output().includes('"SIGTERM received, shutting down"'));
    uploading.send(media.payload.subarray(media.payload.length / 2));
    uploading.send();
    downloading.resume();
    releaseModel();
    const exit = await server.exited;
    const exitMs = performance.now() - sentAt;
    await probes.stop();

    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(10_000);
    const uploaded = await uploading.result;
    expect(uploaded, uploaded.body.toString()).toMatchObject({ status: 200, complete: true });
    const downloaded = await downloading.result;
    expect(downloaded).toMatchObject({ status: 200, complete: true });
    expect(downloaded.body.equals(video)).toBe(true);
    const streamed = await assistant.result;
    expect(streamed).toMatchObject({ status: 200, complete: true });
    expect(streamed.body.toString()).toContain('word119');
    expect(streamed.body.toString()).toContain('"done":true');
    // The event stream ends cleanly (EventSource reconnects elsewhere); it is not cut off.
    expect(await events.result).toMatchObject({ status: 200, complete: true });

    // Every request the server accepted got its whole answer; the others were refused cleanly.
    const accepted = acceptedProbes(server.output());
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.filter((probe) => !/^2\d\d$/.test(probes.outcomes.get(probe) ?? '')).map((p) => [p, probes.outcomes.get(p)])).toEqual(
      [],
    );
    // Not received, so never started: refused connections, and requests sent on an idle keep-alive
    // connection just as the server closed it (the race every HTTP/1.1 client retries around).
    const notReceived = [...probes.outcomes].filter(([probe]) => !accepted.includes(probe)).map(([, outcome]) => outcome);
    console.log(
      `SIGTERM under load (${target.kind}): exit ${exit.code} after ${exitMs.toFixed(0)} ms with ${ffmpegAtSigterm.length} ffmpeg running; ` +
        `${accepted.length} probe requests received, all answered; not received: ${JSON.stringify(countBy(notReceived))}`,
    );
    // No ffmpeg outlives the server.
    expect(livingProcessesMentioning(dataDir)).toEqual([]);
    // The clip job was stopped and handed back to the queue, not finished or failed by the stopping server.
    const inspector = openDatabase(target);
    try {
      expect(await inspector.db.selectFrom('clipJob').select('status').where('id', '=', jobId).executeTakeFirst()).toEqual({
        status: 'queued',
      });
    } finally {
      await inspector.close();
    }

    // The clip job was handed back, not lost: the next start runs it to the end.
    server = await startServerProcess({ env });
    const status = await waitFor('the handed-back clip job to finish', 120_000, async () => {
      const answer = await remoteCaller(server!.url, cookie)('GET', `/api/clipper/jobs/${jobId}`);
      const body = answer.body as { status: string };
      return ['done', 'failed', 'cancelled'].includes(body.status) ? body : undefined;
    });
    expect(status.status).toBe('done');
  }, 240_000);
});
