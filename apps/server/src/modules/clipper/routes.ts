import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { ZClipJobStatus } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { resolveAuthSecret } from '../../lib/auth-secret.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { ClipperError } from './clipper-error.ts';
import { createClipJob, finishClipJob, getClipJob, toClipJobStatus, type StoredResult } from './clip-job-store.ts';
import { probeMedia } from './pipeline/index.ts';
import { CLIP_JOB, clipJobDir, cancelRunningClipJob } from './run-clip-job.ts';
import { receiveProcessRequest } from './receive-process-request.ts';
import { verifyClipSignature } from './sign-clip-url.ts';

const FINAL = new Set(['done', 'failed', 'cancelled']);

/** The SPEC's clipper API answers failures as { detail }; error is kept too, like the rest of the API. */
function clipperErrors(app: FastifyInstance) {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof ClipperError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500 && !(error instanceof ClipperError)) request.log.error({ err: error }, 'clipper request failed');
    const detail = status >= 500 && !(error instanceof ClipperError) ? 'Failed to generate clips. Please try again.' : error.message;
    return reply.status(status).send({ detail, error: detail });
  });
}

async function waitUntilFinished(ctx: AppContext, id: string, userId: string, signal: AbortSignal) {
  for (;;) {
    const row = await getClipJob(ctx.db, id, userId);
    if (FINAL.has(row.status) || signal.aborted) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const clipperRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  clipperErrors(app);
  const secret = resolveAuthSecret(ctx.config);
  const enabled = () => {
    if (!ctx.config.CLIPPER_ENABLED) throw new ClipperError(503, 'Video clipper API is not configured.');
  };

  app.post('/api/process', async (request, reply) => {
    enabled();
    const user = sessionUserOf(request);
    const id = newId();
    const jobDir = clipJobDir(ctx.config, id);
    let asyncMode = false;
    try {
      const params = await receiveProcessRequest(request, { jobDir, maxBytes: ctx.config.CLIPPER_MAX_UPLOAD_BYTES });
      asyncMode = params.async;
      if (params.youtubeUrl)
        throw new ClipperError(503, 'YouTube sources need yt-dlp, which this server does not offer yet. Upload the video file instead.');
      // The container is checked from the bytes before any job starts: 415 for other formats, 422 over 2 hours.
      if (params.sourcePath) await probeMedia(params.sourcePath, { ffprobePath: ctx.config.FFPROBE_PATH });
      await ctx.db.transaction().execute(async (trx) => {
        await createClipJob(trx, { id, userId: user.id, params });
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
    const row = await waitUntilFinished(ctx, id, user.id, aborted.signal);
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
    // Polling the row keeps this working whichever instance or worker runs the job.
    while (!closed.signal.aborted) {
      const row = await getClipJob(ctx.db, request.params.id, userId).catch(() => null);
      if (!row) break;
      const event = JSON.stringify(toClipJobStatus(row, secret));
      if (event !== last) reply.raw.write(`data: ${event}\n\n`);
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
      cancelRunningClipJob(row.id);
    }
    fs.rmSync(clipJobDir(ctx.config, row.id), { recursive: true, force: true });
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
      return reply
        .type('video/mp4')
        .header('Content-Disposition', `inline; filename="${clip.file_name.replace(/[^\w.-]/g, '_')}"`)
        .header('Content-Length', fs.statSync(file).size)
        .send(fs.createReadStream(file));
    },
  );
};
