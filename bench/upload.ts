// A 4 GiB upload streamed to S3 (`npm run bench:upload`, also run by `npm run bench`): the built
// server (dist/main.js) with its files on a local S3-compatible server receives a 4 GiB video as a
// draft's media while its resident memory (RSS) is read every 100 ms from /proc. The upload goes to
// a temporary file (its type and media facts are read from it), then to the bucket in 10 MB parts.
// Prints the server's RSS before, at its peak and after, and the throughput. Asserts nothing.
//
//   BENCH_UPLOAD_GIB=1 npm run bench:upload     a smaller upload
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startS3Server } from '../apps/server/test/support/s3-server.ts';
import { printFigures } from './support/print-figures.ts';
import { signUp, startServer } from './support/servers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GIB = 1024 ** 3;
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_GIB ?? 4) * GIB;
const MIB = 1024 * 1024;

/** The server's resident memory now and at its peak so far (VmRSS, VmHWM), in MiB. */
function readMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/**
 * A valid MP4 of `size` bytes without holding it: a two-second clip made by ffmpeg (its index
 * first), then one `free` box, which players skip, filled with zeros up to the size.
 */
function bigVideo(dir: string, size: number): { stream: () => Readable; size: number } {
  const clip = path.join(dir, 'clip.mp4');
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-movflags', '+faststart', clip],
  ]);
  const head = fs.readFileSync(clip);
  const fill = size - head.length;
  const box = Buffer.alloc(16);
  box.writeUInt32BE(1, 0); // 1: the size follows as 64 bits
  box.write('free', 4, 'ascii');
  box.writeBigUInt64BE(BigInt(fill), 8);
  const zeros = Buffer.alloc(MIB);
  async function* bytes() {
    yield head;
    yield box;
    for (let left = fill - box.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
  }
  return { stream: () => Readable.from(bytes(), { objectMode: false }), size };
}

/** A multipart/form-data body around one streamed file, with its exact length. */
function multipartUpload(file: { stream: () => Readable; size: number }, name: string) {
  const boundary = `hookline-bench-${Date.now()}`;
  const before = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield before;
    yield* file.stream();
    yield after;
  }
  return {
    body: Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(before.length + file.size + after.length),
    },
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-bench-upload-'));
  const s3 = await startS3Server('hookline-bench');
  try {
    const server = await startServer({
      args: [path.join(root, 'apps/server/dist/main.js')],
      env: { ...s3.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MEDIA_MAX_BYTES: String(UPLOAD_BYTES + GIB) },
      logFile: path.join(dataDir, 'server.log'),
      readyPath: '/api/health',
    });
    try {
      const cookie = await signUp(server.url, 'uploader@bench.test');
      const headers = { cookie, origin: server.url };
      const draft = (await (
        await fetch(`${server.url}/api/drafts`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'video', channel: 'youtube', text: 'A long video' }),
        })
      ).json()) as { id: string };
      const video = bigVideo(dataDir, UPLOAD_BYTES);
      const upload = multipartUpload(video, 'long-video.mp4');

      const before = readMemory(server.pid);
      let highest = before.rss;
      const sampler = setInterval(() => (highest = Math.max(highest, readMemory(server.pid).rss)), 100);
      const started = performance.now();
      const answer = await fetch(`${server.url}/api/drafts/${draft.id}/media`, {
        method: 'POST',
        headers: { ...headers, ...upload.headers },
        body: upload.body,
        duplex: 'half',
      } as RequestInit);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const after = readMemory(server.pid);
      if (answer.status !== 200) throw new Error(`the upload failed: ${answer.status} ${await answer.text()}`);
      const stored = await fetch(`${server.url}/api/drafts/${draft.id}/media`, { method: 'HEAD', headers });

      printFigures(`Upload of ${UPLOAD_BYTES / GIB} GiB as a draft's media, to S3 (local s3rver); server RSS in MiB`, [
        {
          name: 'draft media upload',
          values: {
            'stored bytes': Number(stored.headers.get('content-length')),
            seconds,
            'MiB/s': UPLOAD_BYTES / MIB / seconds,
            'RSS before': before.rss,
            'RSS peak': Math.max(highest, after.peak),
            'RSS after': after.rss,
          },
        },
      ]);
    } finally {
      await server.stop();
    }
  } finally {
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
