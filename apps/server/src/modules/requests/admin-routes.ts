import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddNoteRequest,
  ZApiError,
  ZCreateDraftRequest,
  ZCreateRequestRequest,
  ZDraft,
  ZIdParams,
  ZListRequestsQuery,
  ZListRequestsResponse,
  ZOnboardingSubmission,
  ZReplyToClientRequest,
  ZRequest,
  ZRequestSubmissionResponse,
  ZRequestWork,
  ZTimelineEntry,
  ZUpdateRequestRequest,
} from '@hookline/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { clientScopeOf, isClientInScope } from '../clients/client-scope.ts';
import { applyKeptSubmission, getKeptSubmission } from '../onboarding/kept-submission.ts';
import { listTimeline } from '../timeline/list-timeline.ts';
import { getRequestWork } from './client-requests.ts';
import { listRequests } from './list-requests.ts';
import { openRequest } from './open-request.ts';
import { replyToRequest } from './reply-to-request.ts';
import { createDraftFromRequest } from './request-drafts.ts';
import { assertRequestInScope, getRequest } from './request-row.ts';
import { addRequestNote, setRequestStatus } from './update-request.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['admin: requests'];

export const requestAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const scopeOf = (request: Parameters<typeof sessionUserOf>[0]) => clientScopeOf(sessionUserOf(request));

  app.get(
    '/requests',
    { schema: { tags, querystring: ZListRequestsQuery, response: { 200: ZListRequestsResponse, ...errors } } },
    async (request) => listRequests(db, { ...request.query, scope: scopeOf(request) }),
  );

  app.post(
    '/requests',
    { schema: { tags, body: ZCreateRequestRequest, response: { 201: ZRequest, ...errors } } },
    async (request, reply) => {
      const { type, subject, requester } = request.body;
      const created = await db.transaction().execute(async (trx) => {
        const owner = await trx.selectFrom('workspace').select('id').where('ownerEmail', '=', requester).executeTakeFirst();
        // The same answer whether the requester is someone else's client or no client: it tells nothing.
        if (!(await isClientInScope(trx, scopeOf(request), owner?.id ?? null))) {
          throw new HttpError(403, 'Managers open requests only for the clients assigned to them.');
        }
        const who = sessionUserOf(request).email;
        const id = await openRequest(trx, { workspaceId: owner?.id ?? null, type, subject, requester, who, now: nowIso() });
        return getRequest(trx, id);
      });
      return reply.status(201).send(created);
    },
  );

  // Every route about one request: outside the caller's scope the request is as missing as an unknown id.
  const oneRequestRoutes: FastifyPluginAsyncZod = async (one) => {
    // preValidation: after the app's check that no part of the request holds a NUL (which PostgreSQL
    // cannot compare), and still before the body is validated, so a 400 tells an outsider nothing.
    one.addHook('preValidation', async (request) => assertRequestInScope(db, scopeOf(request), (request.params as { id: string }).id));

    one.get('/requests/:id', { schema: { tags, params: ZIdParams, response: { 200: ZRequest, ...errors } } }, async (request) =>
      getRequest(db, request.params.id),
    );

    one.patch(
      '/requests/:id',
      { schema: { tags, params: ZIdParams, body: ZUpdateRequestRequest, response: { 200: ZRequest, ...errors } } },
      async (request) => setRequestStatus(db, request.params.id, request.body.status, sessionUserOf(request).email),
    );

    one.get(
      '/requests/:id/timeline',
      { schema: { tags, params: ZIdParams, response: { 200: z.array(ZTimelineEntry), ...errors } } },
      async (request) => {
        await getRequest(db, request.params.id);
        return listTimeline(db, 'request', request.params.id);
      },
    );

    one.post(
      '/requests/:id/notes',
      { schema: { tags, params: ZIdParams, body: ZAddNoteRequest, response: { 201: ZTimelineEntry, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await addRequestNote(db, request.params.id, request.body.note, sessionUserOf(request).email)),
    );

    one.post(
      '/requests/:id/replies',
      { schema: { tags, params: ZIdParams, body: ZReplyToClientRequest, response: { 201: ZTimelineEntry, ...errors } } },
      async (request, reply) => {
        const { entry, mail } = await replyToRequest(db, {
          id: request.params.id,
          text: request.body.text,
          who: sessionUserOf(request).email,
          baseUrl: ctx.config.baseUrl,
        });
        // After the commit: the reply stands on the request (where the client reads it) even when the mail fails.
        await ctx.mailer.send(mail).catch((error) => request.log.error({ err: error }, 'request reply mail failed'));
        return reply.status(201).send(entry);
      },
    );

    one.get('/requests/:id/work', { schema: { tags, params: ZIdParams, response: { 200: ZRequestWork, ...errors } } }, async (request) =>
      getRequestWork(db, request.params.id),
    );

    one.post(
      '/requests/:id/drafts',
      { schema: { tags, params: ZIdParams, body: ZCreateDraftRequest, response: { 201: ZDraft, ...errors, 409: ZApiError } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createDraftFromRequest(db, { requestId: request.params.id, draft: request.body, who: sessionUserOf(request).email })),
    );

    one.get(
      '/requests/:id/submission',
      { schema: { tags, params: ZIdParams, response: { 200: ZRequestSubmissionResponse, ...errors } } },
      async (request) => ({ submission: await getKeptSubmission(db, request.params.id) }),
    );

    one.post(
      '/requests/:id/submission/apply',
      { schema: { tags, params: ZIdParams, response: { 200: ZOnboardingSubmission, ...errors, 409: ZApiError } } },
      async (request) => applyKeptSubmission(db, request.params.id, sessionUserOf(request).email),
    );
  };
  await app.register(oneRequestRoutes);
};
