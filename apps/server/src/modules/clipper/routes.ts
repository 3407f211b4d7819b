import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClipDraftParams,
  ZClipDraftRequest,
  ZClipDrafts,
  ZClipFileParams,
  type TClipDraftRequest,
  ZClipFileQuery,
  ZClipJobAccepted,
  ZClipJobParams,
  ZClipJobRequest,
  ZClipJobResponse,
  ZClipJobStatus,
  ZClipperError,
  WORKSPACE_HEADER,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { resolveAuthSecret } from '../../lib/auth-secret.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { toClientError } from '../../plugins/errors.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { changeWithStaffRecord } from '../workspaces/record-staff-action.ts';
import { workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { createAiClient } from '../assistant/create-ai-client.ts';
import { ClipperError } from './clipper-error.ts';
import { createClipDrafts } from './create-clip-drafts.ts';
import {
  cancelClipJobHere,
  createClipJob,
  findClipJob,
  finishClipJob,
  getClipJob,
  readClipJobStatus,
  type StoredResult,
} from './clip-job-store.ts';
import { probeMedia } from './pipeline/index.ts';
import { readYoutubeInfo } from './fetch-youtube.ts';
import { clipFileKey, clipScratchDir, clipSourceKey, removeClipJobFiles } from './clip-files.ts';
import { CLIP_JOB } from './run-clip-job.ts';
import { receiveProcessRequest } from './receive-process-request.ts';
import { verifyClipSignature } from './sign-clip-url.ts';

const FINAL = new Set(['done', 'failed', 'cancelled']);
const KEEP_ALIVE_MS = 15_000;
/** Jobs one account may have queued or running at once. */
const MAX_ACTIVE_JOBS = 2;

const tags = ['clipper'];
// 403: a manager naming a workspace they are not assigned to, or staff on a job of such a workspace.
const errors = { 400: ZClipperError, 401: ZClipperError, 403: ZClipperError, 404: ZClipperError };

/**
 * The clipper API answers every failure as { detail } (the web app shows that text); error carries
 * the same text, like the rest of the API. Headers an error brings (Content-Range on a 416) are kept.
 */
function clipperErrors(app: FastifyInstance) {
  app.setErrorHandler((thrown: Error & { statusCode?: number; headers?: Record<string, string> }, request, reply) => {
    const error = toClientError(thrown);
    const status = error instanceof ClipperError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500 && !(error instanceof ClipperError)) request.log.error({ err: error }, 'clipper request failed');
    const failed = request.url.includes('/draft')
      ? 'The drafts could not be created. Please try again.'
      : 'Failed to generate clips. Please try again.';
    const detail = status >= 500 && !(error instanceof ClipperError) ? failed : error.message;
    if (thrown.headers) reply.headers(thrown.headers);
    return reply.status(status).send({ detail, error: detail });
  });
}

/**
 * The route's OpenAPI entry as the app-wide transform makes it, plus what its schema cannot hold
 * without Fastify enforcing it: a multipart body that the handler streams itself, and answers
 * that are not JSON (a video, an event stream).
 */
function documented(extra: {
  body?: z.ZodType;
  answers?: Record<number, { description: string; content: Record<string, { schema: Record<string, unknown> }> }>;
}): SwaggerTransform {
  return (input) => {
    const { schema, url } = jsonSchemaTransform({ ...input, schema: extra.body ? { ...input.schema, body: extra.body } : input.schema });
    return { url, schema: { ...schema, response: { ...(schema.response as object), ...extra.answers } } };
  };
}

/** The finished row, or null as soon as `signal` aborts (the caller left, or the server is stopping). */
async function waitUntilFinished(ctx: AppContext, id: string, user: SessionUser, signal: AbortSignal) {
  while (!signal.aborted) {
    const row = await getClipJob(ctx.db, id, user);
    if (FINAL.has(row.status)) return row;
    await sleep(250, undefined, { signal }).catch(() => {});
  }
  return null;
}

export const clipperRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  clipperErrors(app);
  // Event streams end when the server shuts down (EventSource reconnects); they would otherwise hold close() open.
  const shuttingDown = new AbortController();
  app.addHook('preClose', async () => shuttingDown.abort());
  const secret = resolveAuthSecret(ctx.config);
  const enabled = () => {
    if (!ctx.config.CLIPPER_ENABLED) throw new ClipperError(503, 'Video clipper API is not configured.');
  };

  app.post(
    '/api/process',
    {
      schema: {
        tags,
        summary: 'Make clips of an uploaded video or a YouTube video',
        description:
          'multipart/form-data. Without async=true the answer waits until the clips are made; with it, 202 gives the job ' +
          'to follow at /api/clipper/jobs/{job_id}.',
        consumes: ['multipart/form-data'],
        headers: ZWorkspaceHeaders,
        response: {
          200: ZClipJobResponse,
          202: ZClipJobAccepted,
          ...errors,
          409: ZClipperError,
          413: ZClipperError,
          415: ZClipperError,
          422: ZClipperError,
          429: ZClipperError,
          503: ZClipperError,
        },
      },
      // The body is documented but not validated here: the handler streams the upload to disk.
      config: { swaggerTransform: documented({ body: ZClipJobRequest }) },
    },
    async (request, reply) => {
      enabled();
      const user = sessionUserOf(request);
      // The job belongs to the workspace it is started in, so the owner and the staff allowed there
      // can follow it: the one named by the header, else the caller's own (the clipper needs no
      // workspace: without one, only the starter sees the job).
      const workspace = request.headers[WORKSPACE_HEADER] === undefined ? null : await workspaceOfRequest(ctx.db, request);
      const own = workspace
        ? undefined
        : await ctx.db.selectFrom('workspace').select('id').where('ownerUserId', '=', user.id).executeTakeFirst();
      const workspaceId = workspace?.id ?? own?.id ?? null;
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
      // Its own folder in the job's scratch: a runner here may start the job before this request ends.
      const scratchDir = path.join(clipScratchDir(ctx.config, id), 'upload');
      let asyncMode = false;
      try {
        const { sourcePath, ...params } = await receiveProcessRequest(request, {
          scratchDir,
          maxBytes: ctx.config.CLIPPER_MAX_UPLOAD_BYTES,
        });
        asyncMode = params.async;
        // Refused before any job starts: an upload's container from its bytes (415, 422 over 2 hours);
        // a YouTube video's metadata (live, over 60 minutes, blocked, no yt-dlp) before anything is downloaded.
        if (sourcePath) await probeMedia(sourcePath, { ffprobePath: ctx.config.FFPROBE_PATH });
        const youtube = params.youtubeUrl ? await readYoutubeInfo(params.youtubeUrl, { ytdlpPath: ctx.config.YTDLP_PATH }) : null;
        // Into the file store, where whichever instance or worker runs the job finds it.
        const sourceKey = sourcePath ? clipSourceKey(id, path.basename(sourcePath)) : null;
        if (sourcePath && sourceKey) await ctx.files.moveFromFs(sourcePath, sourceKey);
        await changeWithStaffRecord(
          ctx.db,
          { workspace, who: user.email },
          async (trx) => {
            await createClipJob(trx, { id, userId: user.id, workspaceId, params: { ...params, sourceKey, youtube } });
            await enqueueJob(trx, CLIP_JOB, { jobId: id });
          },
          () => (youtube?.title ? `Clip job started: ${youtube.title}` : 'Clip job started'),
        );
      } catch (error) {
        await removeClipJobFiles(ctx, id);
        throw error;
      } finally {
        await fs.promises.rm(scratchDir, { recursive: true, force: true });
        // The job's scratch folder too, unless a runner here has started using it.
        await fs.promises.rmdir(path.dirname(scratchDir)).catch(() => undefined);
      }
      ctx.jobs.kick();
      if (asyncMode) return reply.status(202).send({ job_id: id });
      // Synchronous mode: answer when the job ends; a browser that leaves cancels nothing.
      const aborted = new AbortController();
      request.raw.on('close', () => aborted.abort());
      const row = await waitUntilFinished(ctx, id, user, AbortSignal.any([aborted.signal, shuttingDown.signal]));
      if (!row) {
        // The caller left (nobody reads this) or the server is stopping: the job goes on elsewhere or after the restart.
        const detail = `The server is restarting. Your job continues: follow it at /api/clipper/jobs/${id}.`;
        return reply.status(503).header('Retry-After', '5').send({ detail, error: detail, job_id: id });
      }
      const status = await readClipJobStatus(ctx.db, row, secret);
      if (status.status === 'done' && status.result) return reply.send(status.result);
      throw new ClipperError(status.status === 'cancelled' ? 409 : 422, status.detail ?? 'Failed to generate clips. Please try again.');
    },
  );

  app.get(
    '/api/clipper/jobs/:id',
    {
      schema: {
        tags,
        summary: 'A clip job: status, stage, percent, and its clips once done',
        params: ZClipJobParams,
        response: { 200: ZClipJobStatus, ...errors },
      },
    },
    async (request) => readClipJobStatus(ctx.db, await getClipJob(ctx.db, request.params.id, sessionUserOf(request)), secret),
  );

  app.get(
    '/api/clipper/jobs/:id/events',
    {
      schema: {
        tags,
        summary: "A clip job's progress as server-sent events",
        params: ZClipJobParams,
        response: errors,
      },
      config: {
        swaggerTransform: documented({
          answers: {
            200: {
              description:
                'text/event-stream: `data: {…}` with the job status (as GET /api/clipper/jobs/{id}) whenever it changes, ' +
                '`: keep-alive` comments while it does not; the stream ends after the final status.',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
          },
        }),
      },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      await getClipJob(ctx.db, request.params.id, user);
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      const closed = new AbortController();
      request.raw.on('close', () => closed.abort());
      let last = '';
      let lastWrite = Date.now();
      // Polling the row keeps this working whichever instance or worker runs the job.
      while (!closed.signal.aborted && !shuttingDown.signal.aborted) {
        const row = await getClipJob(ctx.db, request.params.id, user).catch(() => null);
        if (!row) break;
        const event = JSON.stringify(await readClipJobStatus(ctx.db, row, secret));
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
    },
  );

  app.delete(
    '/api/clipper/jobs/:id',
    { schema: { tags, summary: 'Cancel a clip job and remove its files', params: ZClipJobParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const { row, workspace } = await findClipJob(ctx.db, request.params.id, user);
      const running = !FINAL.has(row.status);
      await changeWithStaffRecord(
        ctx.db,
        { workspace, who: user.email },
        async (trx) => {
          if (running) await finishClipJob(trx, row.id, { status: 'cancelled', detail: 'Cancelled' });
        },
        () => (running ? 'Clip job cancelled' : 'Clip job removed'),
      );
      // After the commit, so the runner this stops finds its job already cancelled.
      if (running) cancelClipJobHere(row.id);
      // The cancel is stored: a folder that will not go yet is left to the job's own clean-up and the purge.
      await removeClipJobFiles(ctx, row.id).catch((error: unknown) =>
        request.log.warn({ err: error, jobId: row.id }, 'clip job files not removed yet'),
      );
      return reply.status(204).send(null);
    },
  );

  const ai = createAiClient(ctx.config);
  const draftAnswers = { 201: ZClipDrafts, ...errors, 409: ZClipperError };
  const createDrafts = async (request: FastifyRequest, reply: FastifyReply, clipNumber: number | null, body: TClipDraftRequest) => {
    const { id } = request.params as { id: string };
    // A browser that leaves stops the captions still to be written (the drafts made so far stay).
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const drafts = await createClipDrafts(
      { db: ctx.db, files: ctx.files, ai },
      { jobId: id, user: sessionUserOf(request), clipNumber, channel: body.channel, signal: gone.signal },
    );
    return { drafts };
  };
  app.post(
    '/api/clipper/jobs/:id/clips/:n/draft',
    { schema: { tags, summary: 'Create a draft of one clip', params: ZClipDraftParams, body: ZClipDraftRequest, response: draftAnswers } },
    async (request, reply) => reply.status(201).send(await createDrafts(request, reply, request.params.n, request.body)),
  );
  app.post(
    '/api/clipper/jobs/:id/drafts',
    {
      schema: {
        tags,
        summary: 'Create a draft of every clip of a job',
        params: ZClipJobParams,
        body: ZClipDraftRequest,
        response: draftAnswers,
      },
    },
    async (request, reply) => reply.status(201).send(await createDrafts(request, reply, null, request.body)),
  );

  // Signed links work without a session (a <video> tag or a download), until the job's files are purged.
  const video = { content: { 'video/mp4': { schema: { type: 'string', format: 'binary' } } } };
  app.get(
    '/api/clipper/files/:id/:n',
    {
      compress: false,
      schema: {
        tags,
        summary: "A clip's video, by its signed download link",
        params: ZClipFileParams,
        querystring: ZClipFileQuery,
        response: { ...errors, 403: ZClipperError, 416: ZClipperError },
      },
      config: {
        public: true,
        swaggerTransform: documented({
          answers: {
            200: { description: 'The clip (video/mp4)', ...video },
            206: { description: 'The byte range asked for (Range, honoured when If-Range still matches)', ...video },
          },
        }),
      },
    },
    async (request, reply) => {
      const { id, n: clipNumber } = request.params;
      if (!verifyClipSignature(secret, { jobId: id, clipNumber, expiresAt: request.query.expires, sig: request.query.sig })) {
        throw new ClipperError(403, 'This download link is invalid or has expired.');
      }
      const row = await ctx.db.selectFrom('clipJob').select(['result']).where('id', '=', id).executeTakeFirst();
      const clip = row?.result ? (JSON.parse(row.result) as StoredResult).clips.find((c) => c.clip_number === clipNumber) : undefined;
      const key = clip ? clipFileKey(id, path.basename(clip.file_name)) : '';
      const expired = 'This clip has expired.';
      if (!clip) throw new ClipperError(404, expired);
      return sendStoredFile(request, reply, ctx.files, {
        key,
        type: 'video/mp4',
        disposition: `inline; filename="${clip.file_name.replace(/[^\w.-]/g, '_')}"`,
        cacheControl: 'private, max-age=3600',
        notFound: expired,
      });
    },
  );
};
