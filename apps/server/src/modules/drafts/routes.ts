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
import { firstWords, recordStaffAction } from '../workspaces/record-staff-action.ts';
import { openResourceWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { attachDraftMedia } from './draft-media.ts';
import { getDraftRow, toDraft } from './draft-row.ts';
import { publishDraft, queueDraft, requeueDraft, updateDraft } from './draft-transitions.ts';

// 403: a staff account without a workspace named, a manager not assigned to it, or a workspace
// waiting for its owner to prove the address. 404: a workspace or draft the caller cannot see.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['drafts'];
const headers = ZWorkspaceHeaders;

/** How a draft is named on the client's timeline: by its first words, when it has any. */
const draftLine = (action: string, draft: { text: string }) => (draft.text.trim() ? `${action}: ${firstWords(draft.text)}` : action);

/** Drafts of the workspace a request acts on (the header's, or the client's own); every query is scoped to it. */
export const draftRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  /** The workspace of the request, and a way to put what staff changed there on the client's timeline. */
  const scope = async (request: Parameters<typeof workspaceOfRequest>[1]) => {
    const workspace = await workspaceOfRequest(db, request);
    const who = sessionUserOf(request).email;
    return { id: workspace.id, record: (text: string) => recordStaffAction(db, workspace, who, text) };
  };

  app.get(
    '/api/drafts',
    { schema: { tags, headers, querystring: ZListDraftsQuery, response: { 200: ZDraftList, ...errors } } },
    async (request) => {
      let query = db
        .selectFrom('draft')
        .selectAll()
        .where('workspaceId', '=', (await scope(request)).id);
      if (request.query.channel) query = query.where('channel', '=', request.query.channel);
      return (await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1000).execute()).map(toDraft);
    },
  );

  app.post(
    '/api/drafts',
    { schema: { tags, headers, body: ZCreateDraftRequest, response: { 201: ZDraft, ...errors } } },
    async (request, reply) => {
      const workspace = await scope(request);
      const now = new Date().toISOString();
      const row = { id: newId(), workspaceId: workspace.id, ...request.body, status: 'draft', createdAt: now, updatedAt: now };
      await db.insertInto('draft').values(row).execute();
      await workspace.record(draftLine('Draft created', row));
      return reply.status(201).send(toDraft(await getDraftRow(db, row.workspaceId, row.id)));
    },
  );

  app.patch(
    '/api/drafts/:id',
    { schema: { tags, headers, params: ZIdParams, body: ZUpdateDraftRequest, response: { 200: ZDraft, ...errors } } },
    async (request) => {
      const workspace = await scope(request);
      const draft = await updateDraft(db, workspace.id, request.params.id, request.body);
      await workspace.record(draftLine('Draft updated', draft));
      return draft;
    },
  );

  const transitions = [
    { action: 'queue', done: 'Draft queued', run: queueDraft },
    { action: 'requeue', done: 'Draft queued again', run: requeueDraft },
    {
      action: 'publish',
      done: 'Draft published',
      run: async (...args: Parameters<typeof publishDraft>) => {
        const { draft, publishAt } = await publishDraft(...args);
        ctx.jobs.wakeAt(publishAt);
        return draft;
      },
    },
  ] as const;
  for (const { action, done, run } of transitions) {
    app.post(
      `/api/drafts/:id/${action}`,
      { schema: { tags, headers, params: ZIdParams, response: { 200: ZDraft, ...errors } } },
      async (request) => {
        const workspace = await scope(request);
        const draft = await run(db, workspace.id, request.params.id);
        await workspace.record(draftLine(done, draft));
        return draft;
      },
    );
  }

  app.delete(
    '/api/drafts/:id',
    { schema: { tags, headers, params: ZIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const workspace = await scope(request);
      const row = await getDraftRow(db, workspace.id, request.params.id);
      await db.deleteFrom('draft').where('id', '=', row.id).execute();
      if (row.mediaKey) await ctx.files.delete(row.mediaKey).catch(() => undefined);
      await workspace.record(draftLine('Draft deleted', row));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/drafts/:id/media',
    {
      schema: {
        tags,
        headers,
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZDraft, 413: ZApiError, 415: ZApiError, ...errors },
      },
    },
    async (request) => {
      // Checked before the upload is read, so a refused request costs no disk.
      const workspace = await scope(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the media as multipart/form-data with a "file" field.');
      const part = await request.file({ limits: { fileSize: ctx.config.MEDIA_MAX_BYTES, files: 1 } });
      if (!part) throw new HttpError(400, 'Choose an image or video to upload.');
      const draft = await attachDraftMedia(
        { db, files: ctx.files, tmpDir: path.join(ctx.config.dataDir, 'tmp') },
        {
          workspaceId: workspace.id,
          draftId: request.params.id,
          fileName: part.filename,
          stream: part.file,
          tooLarge: `Media must be ${formatBytes(ctx.config.MEDIA_MAX_BYTES)} or smaller.`,
        },
      );
      await workspace.record(draftLine('Media attached to draft', draft));
      return draft;
    },
  );

  // An <img> or <video> tag fetches this without the workspace header: the draft's own workspace
  // decides, by the same rule, who may see it.
  app.get('/api/drafts/:id/media', { schema: { tags, params: ZIdParams, hide: true } }, async (request, reply) => {
    const found = await db.selectFrom('draft').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    const workspace = await openResourceWorkspace(db, sessionUserOf(request), found?.workspaceId);
    if (!found || !workspace) throw new HttpError(404, 'Draft not found');
    if (!found.mediaKey) throw new HttpError(404, 'This draft has no media');
    const meta = await ctx.files.getMetaData(found.mediaKey);
    return reply
      .type(found.mediaType ?? meta.contentType ?? 'application/octet-stream')
      .header('Content-Disposition', `inline; filename="${path.posix.basename(found.mediaKey)}"`)
      .header('Content-Security-Policy', SERVED_FILE_CSP)
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Length', meta.contentLength)
      .send(await ctx.files.getStream(found.mediaKey));
  });
};
