import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleServer } from '../support/server-bundle.ts';
import { freePort } from '../support/server-process.ts';

/** A pipe holds 64 KiB on Linux; the requests below log several times that. */
const PIPE_BYTES = 64 * 1024;
const REQUESTS = 600;
/** Far beyond any answer of /api/health on a slow machine: only a stalled server misses it. */
const ANSWER_LIMIT_MS = 5000;

/**
 * The server's stdout is a pipe whose reader never reads (a stuck log shipper): once the pipe is
 * full, every log write would wait forever if it were synchronous. Requests must go on being
 * answered, and the lines must reach the reader once it reads again.
 */
describe('a stdout pipe nobody reads', () => {
  let dir: string;
  let readEnd: number;
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-stalled-log-'));
    const fifo = path.join(dir, 'stdout');
    execFileSync('mkfifo', [fifo]);
    // The read end exists (so the server's writes do not fail) but is not read until the end.
    readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    // A plain blocking pipe, as a process manager gives a service.
    const writeEnd = fs.openSync(fifo, fs.constants.O_WRONLY);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(await bundleServer(), 'main.js')], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: dir,
        HOST: '127.0.0.1',
        PORT: String(port),
        BASE_URL: url,
      },
      stdio: ['ignore', writeEnd, 'inherit'],
    });
    fs.closeSync(writeEnd);
    await vi.waitFor(
      async () => {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
        expect((await fetch(`${url}/api/ready`)).ok).toBe(true);
      },
      { timeout: 30_000, interval: 100 },
    );
  }, 60_000);
  afterAll(() => {
    server?.kill('SIGKILL');
    if (readEnd !== undefined) fs.closeSync(readEnd);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every request while the pipe is full, and the lines arrive once it is read', async () => {
    // A long query string makes each request's lines long, so the pipe fills quickly.
    const padding = 'x'.repeat(400);
    let slowest = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health?n=${i}&pad=${padding}`, { signal: AbortSignal.timeout(ANSWER_LIMIT_MS) });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
    }
    console.log(`${REQUESTS} requests answered with stdout unread; the slowest took ${slowest.toFixed(1)} ms`);

    // Reading now drains the pipe, then the lines the server held while it was full.
    const buffer = Buffer.alloc(PIPE_BYTES);
    let text = '';
    await vi.waitFor(
      () => {
        for (;;) {
          let read = 0;
          try {
            read = fs.readSync(readEnd, buffer);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
          }
          if (read <= 0) break;
          text += buffer.toString('utf8', 0, read);
        }
        expect(text).toContain(`"url":"/api/health?n=${REQUESTS - 1}&pad=`);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * PIPE_BYTES);
    const answered = text.split('\n').filter((line) => line.includes('"msg":"request completed"'));
    expect(answered.length).toBeGreaterThanOrEqual(REQUESTS);
  }, 120_000);
});
