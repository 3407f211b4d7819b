import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { z } from 'zod';
import type { ZHealthCheck } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { pingDatabase } from '../../db/database.ts';

type HealthCheck = z.infer<typeof ZHealthCheck>;
const run = promisify(execFile);

async function checkFileStore(ctx: AppContext): Promise<HealthCheck> {
  const key = `health/${process.pid}-${Date.now()}.txt`;
  const where = ctx.config.S3_BUCKET ? `S3 bucket ${ctx.config.S3_BUCKET}` : 'Local disk';
  try {
    await ctx.files.put(key, 'ok');
    const back = await ctx.files.get(key);
    await ctx.files.delete(key);
    return back === 'ok'
      ? { name: 'File store', status: 'healthy', detail: `${where}: write, read and delete work` }
      : { name: 'File store', status: 'degraded', detail: `${where}: read back a different value` };
  } catch (error) {
    // flydrive's message names the key; the cause says what went wrong (a refused connection, a denied key).
    const cause = (error as Error).cause instanceof Error ? `: ${((error as Error).cause as Error).message}` : '';
    return { name: 'File store', status: 'down', detail: `${where}: ${(error as Error).message}${cause}` };
  }
}

/**
 * ffmpeg's version line, read once a process for each path: starting a process from the server
 * holds up every request for several milliseconds (the server's memory is mapped into the child),
 * too much for each look at the overview, and the binary does not change under a running server.
 */
const ffmpegChecks = new Map<string, Promise<HealthCheck>>();

async function runFfmpegVersion(path: string): Promise<HealthCheck> {
  try {
    const { stdout } = await run(path, ['-hide_banner', '-version'], { timeout: 5000 });
    // "ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers": the version is what matters.
    const firstLine = stdout.split('\n')[0] ?? '';
    return {
      name: 'ffmpeg',
      status: 'healthy',
      detail: `${firstLine.replace(/ Copyright.*/, '') || 'found'} (read once since the server started)`,
    };
  } catch (error) {
    const detail =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${path} not found: the video clipper cannot run`
        : `${path} -version failed (${(error as Error).message}): the video clipper may not run`;
    return { name: 'ffmpeg', status: 'degraded', detail };
  }
}

function checkFfmpeg(path: string): Promise<HealthCheck> {
  const known = ffmpegChecks.get(path);
  if (known) return known;
  const check = runFfmpegVersion(path);
  ffmpegChecks.set(path, check);
  // Only a version read is kept: a failure (ffmpeg installed later, a time-out on a busy machine) is tried again next time.
  void check.then((result) => {
    if (result.status !== 'healthy') ffmpegChecks.delete(path);
  });
  return check;
}

/** Jobs that should have started a minute ago, and jobs that gave up in the last day. */
async function checkJobRunner(ctx: AppContext): Promise<HealthCheck> {
  const now = Date.now();
  const countJobs = async (status: 'pending' | 'failed', column: 'runAt' | 'updatedAt', op: '<' | '>', time: number) => {
    const row = await ctx.db
      .selectFrom('job')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', status)
      .where(column, op, new Date(time).toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [late, gaveUp] = await Promise.all([
    countJobs('pending', 'runAt', '<', now - 60_000),
    countJobs('failed', 'updatedAt', '>', now - 86_400_000),
  ]);
  if (late > 0) return { name: 'Job runner', status: 'degraded', detail: `${late} job(s) waiting for over a minute` };
  if (gaveUp > 0) return { name: 'Job runner', status: 'degraded', detail: `${gaveUp} job(s) failed for good in the last 24 h` };
  return { name: 'Job runner', status: 'healthy', detail: 'In-process; no job waiting or failed' };
}

/** How long a check may take: a stalled bucket or mail server is reported down, and the run still ends. */
export const CHECK_TIMEOUT_MS = 10_000;

/** The check's answer, or "down" when it gives none within `ms`. */
export async function answerWithin(name: string, check: Promise<HealthCheck>, ms = CHECK_TIMEOUT_MS): Promise<HealthCheck> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HealthCheck>((resolve) => {
    timer = setTimeout(() => resolve({ name, status: 'down', detail: `No answer within ${ms / 1000} s` }), ms);
  });
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Real checks, run in parallel; "degraded" means working with a feature missing or unconfigured. */
export async function checkHealth(ctx: AppContext): Promise<HealthCheck[]> {
  const checks: Array<[string, Promise<HealthCheck>]> = [
    [
      'Database',
      pingDatabase(ctx.db).then((up) => ({
        name: 'Database',
        status: up ? 'healthy' : 'down',
        detail: up ? `${ctx.database.kind} answers` : 'No answer',
      })),
    ],
    ['File store', checkFileStore(ctx)],
    [
      'Mail',
      ctx.mailer.check().then((mail) => ({
        name: 'Mail',
        status: !mail.ok ? 'down' : ctx.mailer.mode === 'smtp' ? 'healthy' : 'degraded',
        detail: mail.detail,
      })),
    ],
    [
      'Job runner',
      checkJobRunner(ctx).catch((error: Error): HealthCheck => ({ name: 'Job runner', status: 'down', detail: error.message })),
    ],
    [
      'AI provider',
      Promise.resolve(
        ctx.config.AI_BASE_URL
          ? { name: 'AI provider', status: 'healthy', detail: `Configured: ${new URL(ctx.config.AI_BASE_URL).host}` }
          : { name: 'AI provider', status: 'degraded', detail: 'AI_BASE_URL not set: the assistant is off' },
      ),
    ],
    ['ffmpeg', checkFfmpeg(ctx.config.FFMPEG_PATH)],
  ];
  return Promise.all(checks.map(([name, check]) => answerWithin(name, check)));
}
