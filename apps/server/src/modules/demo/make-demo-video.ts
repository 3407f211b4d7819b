import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const DURATION_SEC = 45;
/** Spoken-looking lines: loud, tremolo tone bursts under a subtitle track, so the clipper finds hooks with text. */
const CUES = [
  { start: 3, end: 9, text: 'Three hooks that double your watch time' },
  { start: 9.5, end: 14, text: 'Open with the result, not the intro' },
  { start: 22, end: 28, text: 'Ask the question your viewer is already asking' },
  { start: 30, end: 36, text: 'Cut every pause longer than half a second' },
  { start: 38, end: 43, text: 'Save this for your next reel' },
];

function srtTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

/**
 * A 45 s MP4 made from ffmpeg's test sources (three scenes, a tone that rises during each subtitle
 * cue, an embedded subtitle track), written to `dir`: a video the clipper can cut without any
 * footage shipped with the code.
 */
export async function makeDemoVideo(dir: string, ffmpegPath: string): Promise<string> {
  const srt = path.join(dir, 'demo.srt');
  const out = path.join(dir, 'hookline-demo.mp4');
  await fs.writeFile(srt, CUES.map((cue, i) => `${i + 1}\n${srtTime(cue.start)} --> ${srtTime(cue.end)}\n${cue.text}\n`).join('\n'));
  const part = DURATION_SEC / 3;
  const size = 's=640x360:r=25';
  const speaking = CUES.map((cue) => `between(t,${cue.start},${cue.end})`).join('+');
  const audio = `aevalsrc='0.002*(2*random(0)-1)+0.4*sin(2*PI*180*t)*(0.6+0.4*sin(2*PI*3*t))*(${speaking})':s=44100:d=${DURATION_SEC}:c=stereo[a]`;
  const video = `testsrc2=${size}:d=${part}[v0];smptebars=${size}:d=${part}[v1];testsrc=${size}:d=${part}[v2];[v0][v1][v2]concat=n=3:v=1:a=0[v]`;
  await run(ffmpegPath, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-filter_complex', `${video};${audio}`, '-i', srt],
    ...['-map', '[v]', '-map', '[a]', '-map', '0:s'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-c:s', 'mov_text'],
    ...['-metadata', 'title=Three hooks that double your watch time', '-metadata', 'artist=Demo Studio'],
    out,
  ]);
  return out;
}
