import { spawn } from 'node:child_process';
import path from 'node:path';
import { abortReason, FfmpegError } from './errors.ts';

export interface RunFfmpegOptions {
  /** Aborting kills the process (SIGKILL); the promise rejects once it has exited. */
  signal?: AbortSignal;
  /** Kills the process and rejects after this many milliseconds. */
  timeoutMs?: number;
  /** Receives stdout line by line; stdout is then not collected in the result. */
  onStdoutLine?: (line: string) => void;
  /** Receives stderr line by line (stderr is still kept for the result and for errors). */
  onStderrLine?: (line: string) => void;
  /** Called once the process is started (tests use the pid). */
  onSpawn?: (pid: number) => void;
}

export interface RunFfmpegResult {
  /** Collected stdout ('' when onStdoutLine is given). */
  stdout: string;
  /** stderr, at most the last 256 KiB. */
  stderr: string;
}

const MAX_STDOUT_BYTES = 64 * 1024 * 1024;
const MAX_STDERR_CHARS = 256 * 1024;
const ERROR_TAIL_LINES = 12;

/**
 * Runs ffmpeg or ffprobe with an argument array (spawn, never a shell) and collects its output.
 * Rejects with FfmpegError carrying the last stderr lines when it cannot start or exits non-zero.
 * The caller builds safe input arguments with `inputArgs`.
 */
export function runFfmpeg(binary: string, args: readonly string[], options: RunFfmpegOptions = {}): Promise<RunFfmpegResult> {
  const { signal, timeoutMs, onStdoutLine, onStderrLine, onSpawn } = options;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const name = path.basename(binary);

  return new Promise<RunFfmpegResult>((resolve, reject) => {
    const child = spawn(binary, [...args], { stdio: ['ignore', 'pipe', 'pipe'], shell: false, windowsHide: true });
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stdoutOverflow = false;
    let stderr = '';
    let failure: Error | null = null;
    let settled = false;

    const kill = (error: Error) => {
      if (!failure) failure = error;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const onAbort = () => kill(abortReason(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs ? setTimeout(() => kill(new FfmpegError(`${name} timed out after ${timeoutMs} ms`)), timeoutMs) : null;

    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
      if (error) reject(error);
      else resolve({ stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderr });
    };

    // A throwing callback must not become an uncaught exception in a stream handler: it stops the run instead.
    const guard = (callback: (line: string) => void) => (line: string) => {
      try {
        callback(line);
      } catch (error) {
        kill(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const stdoutLines = onStdoutLine ? lineSplitter(guard(onStdoutLine)) : null;
    const stderrLines = onStderrLine ? lineSplitter(guard(onStderrLine)) : null;

    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutLines) return stdoutLines.push(chunk.toString('utf8'));
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES) {
        stdoutOverflow = true;
        kill(new FfmpegError(`${name} wrote more than ${MAX_STDOUT_BYTES} bytes to stdout`));
        return;
      }
      stdoutChunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr += text;
      if (stderr.length > MAX_STDERR_CHARS) stderr = stderr.slice(-MAX_STDERR_CHARS);
      stderrLines?.push(text);
    });

    child.on('spawn', () => {
      if (child.pid !== undefined) onSpawn?.(child.pid);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      // Spawn failures (ENOENT, EACCES) arrive here and no 'close' may follow.
      const message =
        error.code === 'ENOENT' ? `${binary} not found: install ffmpeg or set its path` : `${name} could not start: ${error.message}`;
      finish(failure ?? new FfmpegError(message, null, '', error.code === 'ENOENT'));
    });
    child.on('close', (code, killSignal) => {
      stdoutLines?.flush();
      stderrLines?.flush();
      if (failure) return finish(failure);
      if (stdoutOverflow) return finish(new FfmpegError(`${name} output too large`));
      if (code === 0) return finish(null);
      const how = code !== null ? `exited with code ${code}` : `was killed by ${killSignal}`;
      finish(new FfmpegError(`${name} ${how}`, code, stderrTail(stderr)));
    });
  });
}

/** The last meaningful stderr lines, for error messages. */
export function stderrTail(stderr: string, lines = ERROR_TAIL_LINES): string {
  return stderr
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-lines)
    .join('\n');
}

/**
 * Input arguments that can only read the given local file with the given demuxer: `file:` keeps
 * names such as `http:…` or `-x` from being read as a protocol or an option, the protocol whitelist
 * stops playlists from fetching URLs or other files, and `-f` skips format guessing.
 */
export function inputArgs(filePath: string, demuxer?: string): string[] {
  return ['-protocol_whitelist', 'file', ...(demuxer ? ['-f', demuxer] : []), '-i', fileUrl(filePath)];
}

/** `file:` + absolute path (ffmpeg's file protocol takes the rest verbatim). */
export function fileUrl(filePath: string): string {
  return `file:${path.resolve(filePath)}`;
}

/**
 * Escapes a value for use as a filter option inside a filtergraph string (`-vf`, `-filter_complex`):
 * first for the option parser (\ ' :), then for the graph parser (\ ' [ ] , ;).
 */
export function escapeFilterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

function lineSplitter(onLine: (line: string) => void) {
  let rest = '';
  return {
    push(text: string) {
      const parts = (rest + text).split(/\r?\n|\r/);
      rest = parts.pop() ?? '';
      for (const line of parts) onLine(line);
    },
    flush() {
      if (rest) onLine(rest);
      rest = '';
    },
  };
}
