import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Format and first video stream durations of a file, in seconds. */
export async function probeDurations(file: string): Promise<{ format: number; video: number; audio: number | null }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const json = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; duration?: string }[] };
  const video = json.streams.find((s) => s.codec_type === 'video');
  const audio = json.streams.find((s) => s.codec_type === 'audio');
  return { format: Number(json.format.duration), video: Number(video?.duration), audio: audio ? Number(audio.duration) : null };
}

/**
 * One frame at `seconds` as 8-bit grey pixels (width × height bytes). `decodeFromStart` seeks by
 * decoding everything before (slow, but exact in any container, even MPEG-TS).
 */
export async function grabGrayFrame(file: string, seconds: number, decodeFromStart = false): Promise<Buffer> {
  const seek = ['-ss', String(seconds)];
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      ...(decodeFromStart ? [] : seek),
      '-i',
      file,
      ...(decodeFromStart ? seek : []),
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** Mean absolute difference of two equal-size grey frames, 0..255. */
export function meanPixelDifference(a: Buffer, b: Buffer): number {
  if (a.length !== b.length || a.length === 0) throw new Error(`frame sizes differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Live child processes of `pid` (Linux /proc), with their command names. */
export function childProcessesOf(pid: number): { pid: number; name: string }[] {
  const children: { pid: number; name: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may contain spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const [state, ppid] = stat.slice(close + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') children.push({ pid: Number(entry), name });
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

/** True while a process with this pid exists (zombies count as gone). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
