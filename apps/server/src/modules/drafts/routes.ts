import path from 'node:path';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canApprove,
  type DRAFT_ACTIONS,
  formatBytes,
  isStaffAccess,
  ZAddDraftCommentRequest,
  ZApiError,
  ZApproveDraftRequest,
  ZCreateDraftRequest,
  ZDraft,
  ZDraftComment,
  ZDraftCommentList,
  ZDraftList,
  ZDuplicateDraftRequest,
  ZIdParams,
  ZListDraftsQuery,
  ZRequestChangesRequest,
  ZScheduleDraftRequest,
  ZUpdateDraftRequest,
  type TDraft,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { instantOfLocalTime } from '../../lib/zoned-time.ts';
import { newId } from '../../lib/ids.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { requestActor } from '../api-keys/request-actor.ts';
import { changeWithStaffRecord, firstWords } from '../workspaces/record-staff-action.ts';
import { openResourceWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { addDraftComment, listDraftComments } from './draft-comments.ts';
import { draftEditOf } from './draft-edit-of.ts';
import { duplicateDraft } from './duplicate-draft.ts';
import { attachDraftMedia, sendDraftMedia } from './draft-media.ts';
import { getDraftRow, toDraft } from './draft-row.ts';
import { listDrafts } from './list-drafts.ts';
import {
  editDraft,
  publishDraft,
  type SchedulingWorkspace,
  queueDraft,
  requeueDraft,
  scheduleDraft,
  unqueueDraft,
} from './draft-transitions.ts';
import { decideDraftReview, sendDraftForReview, type ReviewDecision } from './review-draft.ts';
import { mailReviewDecision, mailReviewRequested } from './review-mails.ts';

// 403: a staff account without a workspace named, a manager not assigned to it, a workspace
// waiting for its owner to prove the address, or an action the caller's access does not allow.
// 404: a workspace or draft the caller cannot see.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const tags = ['drafts'];
const headers = ZWorkspaceHeaders;

const ONLY_APPROVERS = 'Only the workspace owner or an approver can approve drafts or request changes.';
const ONLY_STAFF_INTERNAL = 'Only the Hookline team can write internal comments.';
const BEING_PUBLISHED = 'This post is being published right now. Delete it once it is out.';

/** How a draft is named on the client's timeline: by its first words, when it has any. */
const draftLine = (action: string, draft: { text: string }) => (draft.text.trim() ? `${action}: ${firstWords(draft.text)}` : action);

/** Drafts of the workspace a request acts on (the header's, or the client's own); every query is scoped to it. */
export const draftRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  /**
   * The workspace of the request, who acts, and a way to make a change there: in one transaction
   * with its line on the client's timeline when staff or an API key made it.
   */
  const scope = async (request: Parameters<typeof workspaceOfRequest>[1]) => {
    const workspace = await workspaceOfRequest(db, request);
    const by = requestActor(request, workspace);
    const change = <T>(run: (trx: Db) => Promise<T>, describe: (result: T) => string | null) =>
      changeWithStaffRecord(db, { workspace, who: by.email, apiKey: request.apiKey }, run, describe);
    return { workspace, by, change };
  };
  /** Review mails go out after the change committed; a failed send is logged, the change stands. */
  const mailDeps = (request: { log: FastifyBaseLogger }) => ({
    db,
    mailer: ctx.mailer,
    config: ctx.config,
    log: request.log,
  });

  app.get(
    '/api/drafts',
    { config: { apiKey: true }, schema: { tags, headers, querystring: ZListDraftsQuery, response: { 200: ZDraftList, ...errors } } },
    async (request) => listDrafts(db, (await workspaceOfRequest(db, request)).id, request.query),
  );

  app.post(
    '/api/drafts',
    { config: { apiKey: true }, schema: { tags, headers, body: ZCreateDraftRequest, response: { 201: ZDraft, ...errors } } },
    async (request, reply) => {
      const { workspace, change } = await scope(request);
      const draft = await change(
        async (trx) => {
          const now = new Date().toISOString();
          const row = { id: newId(), workspaceId: workspace.id, ...request.body, status: 'draft', createdAt: now, updatedAt: now };
          await trx.insertInto('draft').values(row).execute();
          return toDraft(await getDraftRow(trx, workspace.id, row.id));
        },
        (created) => draftLine('Draft created', created),
      );
      return reply.status(201).send(draft);
    },
  );

  app.patch(
    '/api/drafts/:id',
    {
      config: { apiKey: true },
      schema: { tags, headers, params: ZIdParams, body: ZUpdateDraftRequest, response: { 200: ZDraft, ...errors } },
    },
    async (request) => {
      const { workspace, by, change } = await scope(request);
      const set = await draftEditOf(db, workspace.id, request.params.id, request.body);
      const edited = await change(
        (trx) => editDraft(trx, workspace, request.params.id, set, by),
        ({ draft }) => draftLine('Draft updated', draft),
      );
      if (edited.sentBack) await mailReviewRequested(mailDeps(request), { workspace, drafts: [edited.draft], by });
      return edited.draft;
    },
  );

  app.post(
    '/api/drafts/:id/duplicate',
    {
      config: { apiKey: true },
      schema: { tags, headers, params: ZIdParams, body: ZDuplicateDraftRequest, response: { 201: ZDraftList, ...errors } },
    },
    async (request, reply) => {
      const { workspace, change } = await scope(request);
      const copies = await change(
        (trx) => duplicateDraft({ db: trx, files: ctx.files }, workspace.id, request.params.id, request.body.to),
        (created) => draftLine(`Draft duplicated to ${created.map((copy) => copy.channel).join(', ')}`, created[0]!),
      );
      return reply.status(201).send(copies);
    },
  );

  app.get(
    '/api/drafts/:id',
    { config: { apiKey: true }, schema: { tags, headers, params: ZIdParams, response: { 200: ZDraft, ...errors } } },
    async (request) => toDraft(await getDraftRow(db, (await workspaceOfRequest(db, request)).id, request.params.id)),
  );

  // Publish now leaves the draft for the scheduler, which every non-GET answer wakes (app.ts).
  const transitions: {
    action: (typeof DRAFT_ACTIONS)[number];
    done: string;
    run: (db: Db, workspace: SchedulingWorkspace, id: string) => Promise<TDraft>;
  }[] = [
    { action: 'queue', done: 'Draft queued', run: queueDraft },
    { action: 'requeue', done: 'Draft queued again', run: requeueDraft },
    { action: 'unqueue', done: 'Draft taken off the schedule', run: unqueueDraft },
    { action: 'publish', done: 'Draft sent to publish now', run: publishDraft },
  ];
  for (const { action, done, run } of transitions) {
    app.post(
      `/api/drafts/:id/${action}`,
      { config: { apiKey: true }, schema: { tags, headers, params: ZIdParams, response: { 200: ZDraft, ...errors } } },
      async (request) => {
        const { workspace, change } = await scope(request);
        return change(
          (trx) => run(trx, workspace, request.params.id),
          (moved) => draftLine(done, moved),
        );
      },
    );
  }

  app.post(
    '/api/drafts/:id/schedule',
    {
      config: { apiKey: true },
      schema: { tags, headers, params: ZIdParams, body: ZScheduleDraftRequest, response: { 200: ZDraft, ...errors } },
    },
    async (request) => {
      const { workspace, change } = await scope(request);
      const { at, local, timeZone } = request.body;
      const when = at !== undefined ? new Date(at) : instantOfLocalTime(local!, timeZone ?? workspace.timeZone ?? 'UTC');
      return change(
        (trx) => scheduleDraft(trx, workspace, request.params.id, when),
        (moved) => draftLine(`Draft scheduled for ${when.toISOString()}`, moved),
      );
    },
  );

  app.delete(
    '/api/drafts/:id',
    { schema: { tags, headers, params: ZIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { workspace, change } = await scope(request);
      const row = await change(
        async (trx) => {
          const found = await getDraftRow(trx, workspace.id, request.params.id);
          // A post in a runner's hands may be on the network already: its record must stay.
          const deleted = await trx
            .deleteFrom('draft')
            .where('id', '=', found.id)
            .where((eb) => eb.or([eb('status', '!=', 'publishing'), eb('publishLease', 'is', null)]))
            .executeTakeFirst();
          if (Number(deleted.numDeletedRows) === 0) throw new HttpError(409, BEING_PUBLISHED);
          return found;
        },
        (deleted) => draftLine('Draft deleted', deleted),
      );
      if (row.mediaKey) await ctx.files.delete(row.mediaKey).catch(() => undefined);
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
      const { workspace, by, change } = await scope(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the media as multipart/form-data with a "file" field.');
      const part = await request.file({ limits: { fileSize: ctx.config.MEDIA_MAX_BYTES, files: 1 } });
      if (!part) throw new HttpError(400, 'Choose an image or video to upload.');
      const edited = await attachDraftMedia(
        { db, files: ctx.files, tmpDir: path.join(ctx.config.dataDir, 'tmp'), ffprobePath: ctx.config.FFPROBE_PATH },
        {
          workspaceId: workspace.id,
          draftId: request.params.id,
          fileName: part.filename,
          stream: part.file,
          tooLarge: `Media must be ${formatBytes(ctx.config.MEDIA_MAX_BYTES)} or smaller.`,
        },
        // New media is an edit like new words: an approved draft goes back to review.
        (media) =>
          change(
            (trx) => editDraft(trx, workspace, request.params.id, media, by),
            ({ draft }) => draftLine('Media attached to draft', draft),
          ),
      );
      if (edited.sentBack) await mailReviewRequested(mailDeps(request), { workspace, drafts: [edited.draft], by });
      return edited.draft;
    },
  );

  // An <img> or <video> tag fetches this without the workspace header: the draft's own workspace
  // decides, by the same rule, who may see it.
  app.get('/api/drafts/:id/media', { compress: false, schema: { tags, params: ZIdParams, hide: true } }, async (request, reply) => {
    const found = await db.selectFrom('draft').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    const workspace = await openResourceWorkspace(db, sessionUserOf(request), found?.workspaceId);
    if (!found || !workspace) throw new HttpError(404, 'Draft not found');
    return sendDraftMedia(request, reply, ctx.files, found);
  });

  app.post(
    '/api/drafts/:id/review',
    { schema: { tags, headers, params: ZIdParams, response: { 200: ZDraft, ...errors } } },
    async (request) => {
      const { workspace, by, change } = await scope(request);
      const draft = await change(
        (trx) => sendDraftForReview(trx, workspace, request.params.id, by),
        (sent) => draftLine('Draft sent for review', sent),
      );
      await mailReviewRequested(mailDeps(request), { workspace, drafts: [draft], by });
      return draft;
    },
  );

  // Approval is the client's word: the owner or an approver teammate, never staff. `seen` (the
  // version the dashboard showed) keeps an edit made meanwhile from being what gets decided.
  const decide = async (
    request: Parameters<typeof scope>[0] & { params: { id: string }; log: FastifyBaseLogger },
    decision: ReviewDecision,
    body: { comment?: string; seen?: string },
  ) => {
    const { workspace, by, change } = await scope(request);
    if (!canApprove(workspace.access)) throw new HttpError(403, ONLY_APPROVERS);
    const { comment, seen } = body;
    const { draft } = await change(
      (trx) => decideDraftReview(trx, workspace, { draftId: request.params.id, decision, by, comment, seen }),
      () => null,
    );
    await mailReviewDecision(mailDeps(request), { workspace, draft, decision, by, comment });
    return draft;
  };
  app.post(
    '/api/drafts/:id/approve',
    {
      // API clients may send no body at all (as before `seen` existed): validated as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { tags, headers, params: ZIdParams, body: ZApproveDraftRequest, response: { 200: ZDraft, ...errors } },
    },
    (request) => decide(request, 'approve', request.body),
  );
  app.post(
    '/api/drafts/:id/request-changes',
    { schema: { tags, headers, params: ZIdParams, body: ZRequestChangesRequest, response: { 200: ZDraft, ...errors } } },
    (request) => decide(request, 'request_changes', request.body),
  );

  app.get(
    '/api/drafts/:id/comments',
    { schema: { tags, headers, params: ZIdParams, response: { 200: ZDraftCommentList, ...errors } } },
    async (request) => {
      const workspace = await workspaceOfRequest(db, request);
      const draft = await getDraftRow(db, workspace.id, request.params.id);
      return (await listDraftComments(db, [draft.id], isStaffAccess(workspace.access))).get(draft.id) ?? [];
    },
  );

  app.post(
    '/api/drafts/:id/comments',
    { schema: { tags, headers, params: ZIdParams, body: ZAddDraftCommentRequest, response: { 201: ZDraftComment, ...errors } } },
    async (request, reply) => {
      const { workspace, by, change } = await scope(request);
      const { text, internal } = request.body;
      if (internal && !isStaffAccess(workspace.access)) throw new HttpError(403, ONLY_STAFF_INTERNAL);
      const { comment } = await change(
        async (trx) => {
          const draft = await getDraftRow(trx, workspace.id, request.params.id);
          return { draft, comment: await addDraftComment(trx, { workspaceId: workspace.id, draftId: draft.id, by, text, internal }) };
        },
        // The timeline names the draft, never an internal comment's words.
        ({ draft }) => draftLine(internal ? 'Internal comment added to draft' : 'Comment added to draft', draft),
      );
      return reply.status(201).send(comment);
    },
  );
};
