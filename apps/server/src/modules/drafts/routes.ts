import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formatBytes,
  ZApiError,
  ZCreateDraftRequest,
  ZDraft,
  ZDraftList,
  ZIdParams,
  ZListDraftsQuery,
  ZUpdateDraftRequest,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { SERVED_FILE_CSP } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { workspaceOfUser } from '../workspaces/workspace-of-user.ts';
import { attachDraftMedia } from './draft-media.ts';
import { getDraftRow, toDraft } from './draft-row.ts';
import { publishDraft, queueDraft, requeueDraft, updateDraft } from './draft-transitions.ts';

// 403: a staff account, or a workspace waiting for its owner to prove the address.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['drafts'];

/** Drafts of the signed-in client's workspace; every query is scoped to it. */
export const draftRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const workspaceId = async (request: Parameters<typeof sessionUserOf>[0]) => (await workspaceOfUser(db, sessionUserOf(request))).id;

  app.get('/api/drafts', { schema: { tags, querystring: ZListDraftsQuery, response: { 200: ZDraftList, ...errors } } }, async (request) => {
    let query = db
      .selectFrom('draft')
      .selectAll()
      .where('workspaceId', '=', await workspaceId(request));
    if (request.query.channel) query = query.where('channel', '=', request.query.channel);
    return (await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1000).execute()).map(toDraft);
  });

  app.post('/api/drafts', { schema: { tags, body: ZCreateDraftRequest, response: { 201: ZDraft, ...errors } } }, async (request, reply) => {
    const now = new Date().toISOString();
    const row = { id: newId(), workspaceId: await workspaceId(request), ...request.body, status: 'draft', createdAt: now, updatedAt: now };
    await db.insertInto('draft').values(row).execute();
    return reply.status(201).send(toDraft(await getDraftRow(db, row.workspaceId, row.id)));
  });

  app.patch(
    '/api/drafts/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdateDraftRequest, response: { 200: ZDraft, ...errors } } },
    async (request) => updateDraft(db, await workspaceId(request), request.params.id, request.body),
  );

  app.post('/api/drafts/:id/queue', { schema: { tags, params: ZIdParams, response: { 200: ZDraft, ...errors } } }, async (request) =>
    queueDraft(db, await workspaceId(request), request.params.id),
  );
  app.post('/api/drafts/:id/requeue', { schema: { tags, params: ZIdParams, response: { 200: ZDraft, ...errors } } }, async (request) =>
    requeueDraft(db, await workspaceId(request), request.params.id),
  );
  app.post('/api/drafts/:id/publish', { schema: { tags, params: ZIdParams, response: { 200: ZDraft, ...errors } } }, async (request) => {
    const { draft, publishAt } = await publishDraft(db, await workspaceId(request), request.params.id);
    ctx.jobs.wakeAt(publishAt);
    return draft;
  });

  app.delete('/api/drafts/:id', { schema: { tags, params: ZIdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    const row = await getDraftRow(db, await workspaceId(request), request.params.id);
    await db.deleteFrom('draft').where('id', '=', row.id).execute();
    if (row.mediaKey) await ctx.files.delete(row.mediaKey).catch(() => undefined);
    return reply.status(204).send(null);
  });

  app.post(
    '/api/drafts/:id/media',
    {
      schema: {
        tags,
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZDraft, 413: ZApiError, 415: ZApiError, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the media as multipart/form-data with a "file" field.');
      const part = await request.file({ limits: { fileSize: ctx.config.MEDIA_MAX_BYTES, files: 1 } });
      if (!part) throw new HttpError(400, 'Choose an image or video to upload.');
      return attachDraftMedia(
        { db, files: ctx.files, tmpDir: path.join(ctx.config.dataDir, 'tmp') },
        {
          workspaceId: await workspaceId(request),
          draftId: request.params.id,
          fileName: part.filename,
          stream: part.file,
          tooLarge: `Media must be ${formatBytes(ctx.config.MEDIA_MAX_BYTES)} or smaller.`,
        },
      );
    },
  );

  app.get('/api/drafts/:id/media', { schema: { tags, params: ZIdParams, hide: true } }, async (request, reply) => {
    const row = await getDraftRow(db, await workspaceId(request), request.params.id);
    if (!row.mediaKey) throw new HttpError(404, 'This draft has no media');
    const meta = await ctx.files.getMetaData(row.mediaKey);
    return reply
      .type(row.mediaType ?? meta.contentType ?? 'application/octet-stream')
      .header('Content-Disposition', `inline; filename="${path.posix.basename(row.mediaKey)}"`)
      .header('Content-Security-Policy', SERVED_FILE_CSP)
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Length', meta.contentLength)
      .send(await ctx.files.getStream(row.mediaKey));
  });
};
