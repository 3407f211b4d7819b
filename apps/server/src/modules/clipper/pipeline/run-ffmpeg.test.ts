import { describe, expect, it, vi } from 'vitest';
import { childProcessesOf, isAlive } from '../../../../test/clipper/media-helpers.ts';
import { FfmpegError } from './errors.ts';
import { escapeFilterValue, fileUrl, inputArgs, runFfmpeg, stderrTail } from './run-ffmpeg.ts';

/** A job that runs for minutes unless stopped. */
const LONG_JOB = [
  '-hide_banner',
  '-nostdin',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=s=640x480:r=25:d=600',
  '-c:v',
  'libx264',
  '-preset',
  'slow',
  '-f',
  'null',
  '-',
];

describe('runFfmpeg', () => {
  it('collects stdout', async () => {
    const { stdout } = await runFfmpeg('ffmpeg', ['-hide_banner', '-version']);
    expect(stdout).toMatch(/^ffmpeg version/);
  });

  it('rejects with the last stderr lines when ffmpeg fails', async () => {
    const error = (await runFfmpeg('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      ...inputArgs('/nonexistent/input.mp4', 'mov'),
      '-f',
      'null',
      '-',
    ]).catch((e: unknown) => e)) as FfmpegError;
    expect(error).toBeInstanceOf(FfmpegError);
    expect(error.exitCode).not.toBe(0);
    expect(error.stderrTail).toContain('No such file or directory');
    expect(error.message).toContain('ffmpeg exited with code');
  });

  it('rejects clearly when the binary is missing', async () => {
    await expect(runFfmpeg('/nonexistent/ffmpeg', ['-version'])).rejects.toThrow('/nonexistent/ffmpeg not found');
  });

  it('refuses URLs and other protocols in input arguments', async () => {
    const error = (await runFfmpeg('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-protocol_whitelist',
      'file',
      '-i',
      'http://127.0.0.1:9/x.mp4',
      '-f',
      'null',
      '-',
    ]).catch((e: unknown) => e)) as FfmpegError;
    expect(error.stderrTail).toMatch(/not on whitelist/);
    expect(fileUrl('rel/x.mp4')).toMatch(/^file:\/.*\/rel\/x\.mp4$/);
  });

  it('kills ffmpeg when aborted and leaves no process behind', async () => {
    const controller = new AbortController();
    let pid = 0;
    const job = runFfmpeg('ffmpeg', LONG_JOB, { signal: controller.signal, onSpawn: (p) => (pid = p) });
    await vi.waitFor(() => expect(pid).toBeGreaterThan(0), { timeout: 10_000 });
    expect(isAlive(pid)).toBe(true);
    // The job would run for minutes; the abort ends it within seconds.
    const aborted = Date.now();
    controller.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - aborted).toBeLessThan(5000);
    expect(isAlive(pid)).toBe(false);
    expect(childProcessesOf(process.pid).filter((c) => c.name === 'ffmpeg')).toEqual([]);
  });

  it('does not start when the signal is already aborted', async () => {
    let spawned = false;
    await expect(runFfmpeg('ffmpeg', LONG_JOB, { signal: AbortSignal.abort(), onSpawn: () => (spawned = true) })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(spawned).toBe(false);
  });

  it('stops the run when a line callback throws (no uncaught exception)', async () => {
    let pid = 0;
    const job = runFfmpeg('ffmpeg', [...LONG_JOB.slice(0, -3), '-progress', 'pipe:1', '-f', 'null', '-'], {
      onSpawn: (p) => (pid = p),
      onStdoutLine: () => {
        throw new Error('listener broke');
      },
    });
    await expect(job).rejects.toThrow('listener broke');
    expect(isAlive(pid)).toBe(false);
  });

  it('kills ffmpeg after timeoutMs', async () => {
    let pid = 0;
    await expect(runFfmpeg('ffmpeg', LONG_JOB, { timeoutMs: 300, onSpawn: (p) => (pid = p) })).rejects.toThrow(
      'ffmpeg timed out after 300 ms',
    );
    expect(isAlive(pid)).toBe(false);
  });
});

describe('run-ffmpeg helpers', () => {
  it('escapes filter option values for a filtergraph', () => {
    expect(escapeFilterValue('/tmp/plain.ass')).toBe('/tmp/plain.ass');
    expect(escapeFilterValue(String.raw`/tmp/it's, [odd]; c:\x.ass`)).toBe(String.raw`/tmp/it\\\'s\, \[odd\]\; c\\:\\\\x.ass`);
  });

  it('keeps the last stderr lines', () => {
    expect(stderrTail('a\n\nb\r\nc\n', 2)).toBe('b\nc');
  });
});
