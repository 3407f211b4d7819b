import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readMediaFacts } from '../../src/lib/read-media-facts.ts';
import type { PostMedia } from '../../src/modules/networks/network-adapter.ts';

const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);

let folder: Promise<string> | undefined;
const tmp = () => (folder ??= fs.mkdtemp(path.join(os.tmpdir(), 'hookline-post-media-')));

/** A PostMedia over a real file, with the facts ffprobe reads from it (as an upload gets them). */
export async function mediaOfFile(filePath: string, type: string, altText = ''): Promise<PostMedia> {
  const facts = await readMediaFacts(filePath, type, { ffprobePath: 'ffprobe' });
  const { size } = await fs.stat(filePath);
  return { name: path.basename(filePath), type, size, ...facts, altText, open: async () => createReadStream(filePath) };
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
