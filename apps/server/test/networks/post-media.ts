import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readMediaFacts } from '../../src/lib/read-media-facts.ts';
import type { PostMedia } from '../../src/modules/networks/network-adapter.ts';

const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);

let folder: Promise<string> | undefined;
const tmp = () => (folder ??= fs.mkdtemp(path.join(os.tmpdir(), 'hookline-post-media-')));

/**
 * The generated files served over HTTP on loopback, as Hookline's signed media addresses serve them
 * to networks that fetch media themselves. Started on first use; unref'd so it never holds a test run open.
 */
let served: Promise<string> | undefined;
function serveFolder(): Promise<string> {
  served ??= (async () => {
    const root = await tmp();
    const server = http.createServer((request, response) => {
      const file = path.join(root, path.basename(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
      createReadStream(file)
        .on('error', () => response.writeHead(404).end())
        .on('open', () => response.writeHead(200))
        .pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  })();
  return served;
}

/** A PostMedia over a real file, with the facts ffprobe reads from it (as an upload gets them). */
export async function mediaOfFile(filePath: string, type: string, altText = ''): Promise<PostMedia> {
  const facts = await readMediaFacts(filePath, type, { ffprobePath: 'ffprobe' });
  const { size } = await fs.stat(filePath);
  // Files outside the generated folder are served by copying them in.
  const root = await tmp();
  const inFolder = path.dirname(filePath) === root ? filePath : path.join(root, path.basename(filePath));
  if (inFolder !== filePath) await fs.copyFile(filePath, inFolder);
  const url = `${await serveFolder()}/${encodeURIComponent(path.basename(inFolder))}`;
  return { name: path.basename(filePath), type, size, ...facts, altText, url, open: async () => createReadStream(filePath) };
}

/** A real JPEG (ffmpeg's test pattern) of the given size. */
export async function imageMedia(options: { width?: number; height?: number; altText?: string } = {}): Promise<PostMedia> {
  const { width = 1080, height = 1080 } = options;
  const file = path.join(await tmp(), `image-${width}x${height}.jpg`);
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}`, '-frames:v', '1', file]);
  return mediaOfFile(file, 'image/jpeg', options.altText);
}

/** A real H.264 MP4 (with an AAC tone unless audio is false). */
export async function videoMedia(options: { width?: number; height?: number; seconds?: number; audio?: boolean } = {}): Promise<PostMedia> {
  const { width = 720, height = 1280, seconds = 3, audio = true } = options;
  const file = path.join(await tmp(), `video-${width}x${height}-${seconds}s-${audio ? 'sound' : 'mute'}.mp4`);
  const sound = audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : [];
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
    ...sound,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    '-movflags',
    '+faststart',
    file,
  ]);
  return mediaOfFile(file, 'video/mp4');
}
