import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { ZClipJobStatus } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { resolveAuthSecret } from '../../lib/auth-secret.ts';
import { parseByteRange } from '../../lib/byte-range.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { ClipperError } from './clipper-error.ts';
import { cancelClipJobHere, createClipJob, finishClipJob, getClipJob, toClipJobStatus, type StoredResult } from './clip-job-store.ts';
import { probeMedia } from './pipeline/index.ts';
import { readYoutubeInfo } from './fetch-youtube.ts';
import { CLIP_JOB, clipJobDir, removeClipJobFiles } from './run-clip-job.ts';
import { receiveProcessRequest } from './receive-process-request.ts';
import { verifyClipSignature } from './sign-clip-url.ts';

const FINAL = new Set(['done', 'failed', 'cancelled']);
const KEEP_ALIVE_MS = 15_000;
/** Jobs one account may have queued or running at once. */
const MAX_ACTIVE_JOBS = 2;

/** The SPEC's clipper API answers failures as { detail }; error is kept too, like the rest of the API. */
function clipperErrors(app: FastifyInstance) {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof ClipperError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500 && !(error instanceof ClipperError)) request.log.error({ err: error }, 'clipper request failed');
    const detail = status >= 500 && !(error instanceof ClipperError) ? 'Failed to generate clips. Please try again.' : error.message;
    return reply.status(status).send({ detail, error: detail });
  });
}

/** The finished row, or null as soon as `signal` aborts (the caller left, or the server is stopping). */
async function waitUntilFinished(ctx: AppContext, id: string, userId: string, signal: AbortSignal) {
  while (!signal.aborted) {
    const row = await getClipJob(ctx.db, id, userId);
    if (FINAL.has(row.status)) return row;
    await sleep(250, undefined, { signal }).catch(() => {});
  }
  return null;
}

export const clipperRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  clipperErrors(app);
  // Event streams end when the server shuts down (EventSource reconnects); they would otherwise hold close() open.
  const shuttingDown = new AbortController();
  app.addHook('preClose', async () => shuttingDown.abort());
  const secret = resolveAuthSecret(ctx.config);
  const enabled = () => {
    if (!ctx.config.CLIPPER_ENABLED) throw new ClipperError(503, 'Video clipper API is not configured.');
  };

  app.post('/api/process', async (request, reply) => {
    enabled();
    const user = sessionUserOf(request);
    // Checked before the upload is read, so a refused request costs no disk.
    const active = await ctx.db
      .selectFrom('clipJob')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', user.id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(active.n) >= MAX_ACTIVE_JOBS)
      throw new ClipperError(429, `You already have ${MAX_ACTIVE_JOBS} clip jobs in progress. Wait for one to finish or cancel it.`);
    const id = newId();
    const jobDir = clipJobDir(ctx.config, id);
    let asyncMode = false;
    try {
      const params = await receiveProcessRequest(request, { jobDir, maxBytes: ctx.config.CLIPPER_MAX_UPLOAD_BYTES });
      asyncMode = params.async;
      // Refused before any job starts: an upload's container from its bytes (415, 422 over 2 hours);
      // a YouTube video's metadata (live, over 60 minutes, blocked, no yt-dlp) before anything is downloaded.
      if (params.sourcePath) await probeMedia(params.sourcePath, { ffprobePath: ctx.config.FFPROBE_PATH });
      const youtube = params.youtubeUrl ? await readYoutubeInfo(params.youtubeUrl, { ytdlpPath: ctx.config.YTDLP_PATH }) : null;
      await ctx.db.transaction().execute(async (trx) => {
        await createClipJob(trx, { id, userId: user.id, params: { ...params, youtube } });
        await enqueueJob(trx, CLIP_JOB, { jobId: id });
      });
    } catch (error) {
      fs.rmSync(jobDir, { recursive: true, force: true });
      throw error;
    }
    ctx.jobs.kick();
    if (asyncMode) return reply.status(202).send({ job_id: id });
    // Synchronous mode: answer when the job ends; a browser that leaves cancels nothing.
    const aborted = new AbortController();
    request.raw.on('close', () => aborted.abort());
    const row = await waitUntilFinished(ctx, id, user.id, AbortSignal.any([aborted.signal, shuttingDown.signal]));
    if (!row) {
      // The caller left (nobody reads this) or the server is stopping: the job goes on elsewhere or after the restart.
      const detail = `The server is restarting. Your job continues: follow it at /api/clipper/jobs/${id}.`;
      return reply.status(503).header('Retry-After', '5').send({ detail, error: detail, job_id: id });
    }
    const status = toClipJobStatus(row, secret);
    if (status.status === 'done' && status.result) return reply.send(status.result);
    throw new ClipperError(status.status === 'cancelled' ? 409 : 422, status.detail ?? 'Failed to generate clips. Please try again.');
  });

  app.get<{ Params: { id: string } }>('/api/clipper/jobs/:id', async (request) => {
    const row = await getClipJob(ctx.db, request.params.id, sessionUserOf(request).id);
    return ZClipJobStatus.parse(toClipJobStatus(row, secret));
  });

  app.get<{ Params: { id: string } }>('/api/clipper/jobs/:id/events', async (request, reply: FastifyReply) => {
    const userId = sessionUserOf(request).id;
    await getClipJob(ctx.db, request.params.id, userId);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    const closed = new AbortController();
    request.raw.on('close', () => closed.abort());
    let last = '';
    let lastWrite = Date.now();
    // Polling the row keeps this working whichever instance or worker runs the job.
    while (!closed.signal.aborted && !shuttingDown.signal.aborted) {
      const row = await getClipJob(ctx.db, request.params.id, userId).catch(() => null);
      if (!row) break;
      const event = JSON.stringify(toClipJobStatus(row, secret));
      // A comment now and then keeps proxies from closing a quiet stream (a long transcription).
      const write = event !== last ? `data: ${event}\n\n` : Date.now() - lastWrite > KEEP_ALIVE_MS ? ': keep-alive\n\n' : null;
      if (write) {
        reply.raw.write(write);
        lastWrite = Date.now();
      }
      last = event;
      if (FINAL.has(row.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    reply.raw.end();
  });

  app.delete<{ Params: { id: string } }>('/api/clipper/jobs/:id', async (request, reply) => {
    const row = await getClipJob(ctx.db, request.params.id, sessionUserOf(request).id);
    if (!FINAL.has(row.status)) {
      await finishClipJob(ctx.db, row.id, { status: 'cancelled', detail: 'Cancelled' });
      cancelClipJobHere(row.id);
    }
    // The cancel is stored: a folder that will not go yet is left to the job's own clean-up and the purge.
    await removeClipJobFiles(ctx.config, row.id).catch((error: unknown) =>
      request.log.warn({ err: error, jobId: row.id }, 'clip job files not removed yet'),
    );
    return reply.status(204).send();
  });

  // Signed links work without a session (a <video> tag or a download), until the job's files are purged.
  app.get<{ Params: { id: string; n: string }; Querystring: { expires?: string; sig?: string } }>(
    '/api/clipper/files/:id/:n',
    { config: { public: true } },
    async (request, reply) => {
      const clipNumber = Number(request.params.n);
      const expiresAt = Number(request.query.expires);
      if (!verifyClipSignature(secret, { jobId: request.params.id, clipNumber, expiresAt, sig: String(request.query.sig ?? '') })) {
        throw new ClipperError(403, 'This download link is invalid or has expired.');
      }
      const row = await ctx.db.selectFrom('clipJob').select(['result']).where('id', '=', request.params.id).executeTakeFirst();
      const clip = row?.result ? (JSON.parse(row.result) as StoredResult).clips.find((c) => c.clip_number === clipNumber) : undefined;
      const file = clip ? path.join(clipJobDir(ctx.config, request.params.id), path.basename(clip.file_name)) : '';
      if (!clip || !fs.existsSync(file)) throw new ClipperError(404, 'This clip has expired.');
      const size = fs.statSync(file).size;
      const range = parseByteRange(request.headers.range, size);
      reply
        .type('video/mp4')
        .header('Content-Disposition', `inline; filename="${clip.file_name.replace(/[^\w.-]/g, '_')}"`)
        .header('Accept-Ranges', 'bytes');
      if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      if (!range) return reply.header('Content-Length', size).send(fs.createReadStream(file));
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(fs.createReadStream(file, range));
    },
  );
};
