import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** ffmpeg quietly, overwriting its output. */
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const ffmpeg = (args: string[]) => run('ffmpeg', [...QUIET, ...args]);

/**
 * What the test video holds. Quiet noise (about -60 dBFS) everywhere except three loud, speech-like
 * bursts (a 180 Hz tone with a 3 Hz tremolo, about -15 dBFS); an embedded subtitle track with the
 * cues below during the bursts; a scene change every 20 s (testsrc2 → smptebars → testsrc).
 */
export const TEST_VIDEO = {
  durationSec: 60,
  width: 320,
  height: 240,
  fps: 25,
  title: 'Hookline Test Video',
  uploader: 'Test Uploader',
  loud: [
    { start: 10, end: 13.5 },
    { start: 14, end: 18 },
    { start: 40, end: 48 },
  ],
  silences: [
    { start: 0, end: 10 },
    { start: 13.5, end: 14 },
    { start: 18, end: 40 },
    { start: 48, end: 60 },
  ],
  cues: [
    { start: 10, end: 13.5, text: 'How do you stop wasting time?' },
    { start: 14, end: 18, text: 'The secret is 3 simple habits.' },
    { start: 40, end: 44, text: 'Why you should never skip breakfast' },
    { start: 44, end: 48, text: 'Marmalade zebra keyword' },
  ],
  sceneCuts: [20, 40],
} as const;

export interface TestVideos {
  /** H.264 + AAC + mov_text subtitles, title/artist tags. */
  mp4: string;
  /** The same streams in Matroska with an SRT subtitle track. */
  mkv: string;
}

let pending: Promise<TestVideos> | null = null;

/**
 * Makes the test videos with ffmpeg's lavfi sources (about 3 s) and caches them in the temp
 * directory under a hash of the exact ffmpeg arguments, so one test run (and the next) makes them once.
 */
export function makeTestVideo(): Promise<TestVideos> {
  pending ??= build();
  return pending;
}

function srt(): string {
  const t = (s: number) => {
    const ms = Math.round(s * 1000);
    const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
    const mm = String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0');
    const ss = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
    return `${hh}:${mm}:${ss},${String(ms % 1000).padStart(3, '0')}`;
  };
  return TEST_VIDEO.cues.map((c, i) => `${i + 1}\n${t(c.start)} --> ${t(c.end)}\n${c.text}\n`).join('\n');
}

function mp4Args(srtPath: string, out: string): string[] {
  const { width: w, height: h, fps, durationSec } = TEST_VIDEO;
  const part = durationSec / 3;
  const gate = TEST_VIDEO.loud.map((l) => `between(t,${l.start},${l.end})`).join('+');
  const audio = `aevalsrc='0.002*(2*random(0)-1)+0.4*sin(2*PI*180*t)*(0.6+0.4*sin(2*PI*3*t))*(${gate})':s=44100:d=${durationSec}:c=stereo[a]`;
  const video =
    `testsrc2=s=${w}x${h}:r=${fps}:d=${part}[v0];smptebars=s=${w}x${h}:r=${fps}:d=${part}[v1];` +
    `testsrc=s=${w}x${h}:r=${fps}:d=${part}[v2];[v0][v1][v2]concat=n=3:v=1:a=0[v]`;
  return [
    ...QUIET,
    '-filter_complex',
    `${video};${audio}`,
    '-i',
    srtPath,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-map',
    '0:s',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-c:s',
    'mov_text',
    '-metadata',
    `title=${TEST_VIDEO.title}`,
    '-metadata',
    `artist=${TEST_VIDEO.uploader}`,
    out,
  ];
}

async function build(): Promise<TestVideos> {
  const probeArgs = mp4Args('subs.srt', 'video.mp4');
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify({ probeArgs, srt: srt(), v: 1 }))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(os.tmpdir(), `hookline-clipper-fixture-${key}`);
  const result = { mp4: path.join(dir, 'video.mp4'), mkv: path.join(dir, 'video.mkv') };
  if (await exists(result.mkv)) return result;

  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-clipper-fixture-tmp-'));
  try {
    await fs.writeFile(path.join(scratch, 'subs.srt'), srt());
    await run('ffmpeg', mp4Args(path.join(scratch, 'subs.srt'), path.join(scratch, 'video.mp4')));
    await ffmpeg(['-i', path.join(scratch, 'video.mp4'), '-map', '0', '-c', 'copy', '-c:s', 'srt', path.join(scratch, 'video.mkv')]);
    await fs.rm(path.join(scratch, 'subs.srt'));
    try {
      await fs.rename(scratch, dir);
    } catch (error) {
      // Another test file made it first: use theirs.
      if (!(await exists(result.mkv))) throw error;
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return result;
}

/** A 1 s video in a container we refuse (avi, flv), in `dir`. */
export async function makeOtherContainer(dir: string, ext: 'avi' | 'flv'): Promise<string> {
  const out = path.join(dir, `other.${ext}`);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=160x120:r=10:d=1', ...(ext === 'avi' ? ['-c:v', 'mpeg4'] : []), out]);
  return out;
}

/** A 20 s MPEG-TS video without audio (the TS timeline starts at 1.4 s), in `dir`. */
export async function makeVideoWithoutAudio(dir: string): Promise<string> {
  const out = path.join(dir, 'no-audio.ts');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=160x120:r=25:d=20',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}

/** A mono 16 kHz WAV of the given length (a quiet tone), in `dir`. */
export async function makeWav(dir: string, seconds: number): Promise<string> {
  const out = path.join(dir, `tone-${seconds}s.wav`);
  await ffmpeg(['-f', 'lavfi', '-i', `sine=f=300:r=16000:d=${seconds}`, '-ac', '1', '-c:a', 'pcm_s16le', out]);
  return out;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The test video without its subtitle track (so a transcript can only come from transcription), in `dir`. */
export async function makeVideoWithoutSubtitles(dir: string): Promise<string> {
  const out = path.join(dir, 'no-subtitles.mp4');
  const { mp4 } = await makeTestVideo();
  await ffmpeg(['-i', mp4, '-map', '0:v', '-map', '0:a', '-c', 'copy', out]);
  return out;
}
