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
  try {
    await ctx.files.put(key, 'ok');
    const back = await ctx.files.get(key);
    await ctx.files.delete(key);
    return back === 'ok'
      ? { name: 'File store', status: 'healthy', detail: 'Write, read and delete work' }
      : { name: 'File store', status: 'degraded', detail: 'Read back a different value' };
  } catch (error) {
    return { name: 'File store', status: 'down', detail: (error as Error).message };
  }
}

async function checkFfmpeg(path: string): Promise<HealthCheck> {
  try {
    const { stdout } = await run(path, ['-hide_banner', '-version'], { timeout: 5000 });
    return { name: 'ffmpeg', status: 'healthy', detail: stdout.split('\n')[0] ?? 'found' };
  } catch {
    return { name: 'ffmpeg', status: 'degraded', detail: `${path} not found: the video clipper cannot run` };
  }
}

/** Real checks, run in parallel; "degraded" means working with a feature missing or unconfigured. */
export async function checkHealth(ctx: AppContext): Promise<HealthCheck[]> {
  const [database, files, mail, ffmpeg] = await Promise.all([
    pingDatabase(ctx.db),
    checkFileStore(ctx),
    ctx.mailer.check(),
    checkFfmpeg(ctx.config.FFMPEG_PATH),
  ]);
  return [
    { name: 'Database', status: database ? 'healthy' : 'down', detail: database ? `${ctx.database.kind} answers` : 'No answer' },
    files,
    {
      name: 'Mail',
      status: !mail.ok ? 'down' : ctx.mailer.mode === 'smtp' ? 'healthy' : 'degraded',
      detail: mail.detail,
    },
    { name: 'Job runner', status: 'healthy', detail: 'In-process' },
    ctx.config.AI_BASE_URL
      ? { name: 'AI provider', status: 'healthy', detail: `Configured: ${new URL(ctx.config.AI_BASE_URL).host}` }
      : { name: 'AI provider', status: 'degraded', detail: 'AI_BASE_URL not set: the assistant is off' },
    ffmpeg,
  ];
}
