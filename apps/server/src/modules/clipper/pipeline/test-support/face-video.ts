import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { detectFaces } from '../detect-faces.ts';
import { fileUrl, runFfmpeg } from '../run-ffmpeg.ts';

/**
 * What the face video shows: a real face (cut out of a photograph that ships with face-api) on a
 * gridded background, gliding from left to right until a scene cut, where the background changes
 * colour and the face jumps back to the left and stays there.
 */
export const FACE_VIDEO = {
  width: 1280,
  height: 720,
  fps: 30,
  durationSec: 8,
  cutAt: 5,
  /** Side of the square picture of the face (the face itself is about 60% of it). */
  tileSize: 300,
  /** Where the face's centre is at `t` seconds, in video pixels. */
  faceCentreAt(t: number): { x: number; y: number } {
    const half = FACE_VIDEO.tileSize / 2;
    return t < FACE_VIDEO.cutAt ? { x: 60 + GLIDE_PX_PER_SEC * t + half, y: 200 + half } : { x: 140 + half, y: 260 + half };
  },
} as const;

const GLIDE_PX_PER_SEC = 172;
/** A photograph with one sharp, frontal face (sample1, 3-6 are group photos). */
const PHOTO = 'sample2.jpg';
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/**
 * The face video (H.264 + a quiet AAC tone, keyframes every second and at the cut), made once and
 * kept in the temp directory under a hash of what it shows, so test files share it.
 */
export async function makeFaceVideo(): Promise<string> {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify({ FACE_VIDEO, GLIDE_PX_PER_SEC, PHOTO, v: 1 }))
    .digest('hex')
    .slice(0, 16);
  const out = path.join(os.tmpdir(), `hookline-face-video-${key}`, 'face-video.mp4');
  if (await fs.stat(out).catch(() => null)) return out;
  await fs.mkdir(path.dirname(out), { recursive: true });
  // Written aside and renamed: another test file making it at the same time never sees half a video.
  const partial = `${out}.${process.pid}.mp4`;
  await writeFaceVideo(partial);
  await fs.rename(partial, out);
  return out;
}

/** The photograph and the square around its face, for videos that need a real face (tests, the clipper bench). */
export async function facePhoto(): Promise<{ photo: string; tile: { x: number; y: number; side: number } }> {
  const require = createRequire(import.meta.url);
  const photo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', PHOTO);
  return { photo, tile: await findFaceTile(photo) };
}

async function writeFaceVideo(out: string): Promise<void> {
  const { photo, tile } = await facePhoto();
  const { width: w, height: h, fps, durationSec, cutAt, tileSize } = FACE_VIDEO;
  const background = (colour: string, seconds: number, label: string) =>
    `color=c=${colour}:s=${w}x${h}:r=${fps}:d=${seconds},drawgrid=w=80:h=80:t=2:c=white@0.2[${label}]`;
  const glideX = `60+${GLIDE_PX_PER_SEC}*t`;
  const graph = [
    `[0:v]crop=${tile.side}:${tile.side}:${tile.x}:${tile.y},scale=${tileSize}:${tileSize}[face]`,
    background('0x1e2a4a', cutAt, 'b0'),
    background('0xd8c8a0', durationSec - cutAt, 'b1'),
    '[b0][b1]concat=n=2:v=1:a=0[bg]',
    `[bg][face]overlay=x='if(lt(t,${cutAt}),${glideX},140)':y='if(lt(t,${cutAt}),200,260)',format=yuv420p[v]`,
    `sine=f=220:d=${durationSec},volume=0.1[a]`,
  ].join(';');
  await runFfmpeg('ffmpeg', [
    ...QUIET,
    '-i',
    fileUrl(photo),
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(fps),
    '-force_key_frames',
    String(cutAt),
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    fileUrl(out),
  ]);
}

/** A square around the largest face the detector finds in the photograph, in its pixels. */
async function findFaceTile(photo: string): Promise<{ x: number; y: number; side: number }> {
  const { stdout } = await runFfmpeg('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0',
    fileUrl(photo),
  ]);
  const [width, height] = stdout.trim().split(',').map(Number);
  const [sample] = await detectFaces(
    { path: photo, demuxer: 'image2', durationSec: 0, width, height },
    { start: 0, duration: 1 },
    { sampleFps: 1, sampleSize: 640 },
  );
  const face = sample?.faces.toSorted((a, b) => b.width * b.height - a.width * a.height)[0];
  if (!face) throw new Error(`No face found in ${photo}`);
  const side = Math.min(width, height, Math.round((Math.max(face.width, face.height) * 1.7) / 2) * 2);
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(0, v), max));
  return { x: clamp(face.x + face.width / 2 - side / 2, width - side), y: clamp(face.y + face.height / 2 - side / 2, height - side), side };
}
