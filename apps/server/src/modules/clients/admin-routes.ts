import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZWorkspaceSummary,
  ZCreateWorkspaceRequest,
  ZIdParams,
  ZListWorkspacesQuery,
  ZListWorkspacesResponse,
  ZManagerRequest,
  ZManagersResponse,
  ZOnboardingData,
  ZOnboardingRecord,
  ZOnboardingSyncQuery,
  ZTimelineEntry,
  ZAdminUpdateWorkspaceRequest,
  ZWorkspaceDraftsByState,
  ALL_CLIENTS_ROLES,
} from '@hookline/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../../db/database.ts';
import { requireRoles, sessionUserOf } from '../../plugins/guards.ts';
import { syncOnboardingRecord } from '../airtable/sync-onboarding-record.ts';
import { sendInvitation } from '../invitations/send-invitation.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { listTimeline } from '../timeline/list-timeline.ts';
import { assertClientInScope, clientScopeOf } from './client-scope.ts';
import { getWorkspaceSummary } from './workspace-summary.ts';
import { createWorkspace } from './create-workspace.ts';
import { listWorkspaces } from './list-workspaces.ts';
import { addManager, listManagers, removeManager } from './managers.ts';
import { getOnboardingRecord, rememberAirtableRecord, saveOnboardingRecord } from './onboarding-record.ts';
import { updateWorkspace } from './update-workspace.ts';
import { listWorkspaceDraftsByState } from './workspace-drafts-by-state.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['admin: clients'];
/** Who works on which client is the admins' call: a manager choosing their own clients would make the assignment mean nothing. */
const assignersOnly = requireRoles(ALL_CLIENTS_ROLES, 'Only admins and founders can assign managers.');

export const clientAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const who = (request: Parameters<typeof sessionUserOf>[0]) => sessionUserOf(request).email;
  const scopeOf = (request: Parameters<typeof sessionUserOf>[0]) => clientScopeOf(sessionUserOf(request));

  app.get(
    '/clients',
    { schema: { tags, querystring: ZListWorkspacesQuery, response: { 200: ZListWorkspacesResponse, ...errors } } },
    async (request) => listWorkspaces(ctx.database, { ...request.query, scope: scopeOf(request) }),
  );

  app.post(
    '/clients',
    { schema: { tags, body: ZCreateWorkspaceRequest, response: { 201: ZWorkspaceSummary, 409: ZApiError, ...errors } } },
    async (request, reply) => {
      // A manager is assigned the client they create: otherwise it would vanish from their list at once.
      const created = await createWorkspace(db, request.body, { who: who(request), assignCreator: scopeOf(request).manager !== null });
      if (created.invitation) {
        // After the commit: a mail that fails to send is logged, the workspace stands.
        const { workspace, invitation } = created;
        await sendInvitation(ctx, { email: workspace.owner, workspaceName: workspace.name, token: invitation.token }).catch((error) =>
          request.log.error({ err: error }, 'invitation mail failed'),
        );
      }
      return reply.status(201).send(created.workspace);
    },
  );

  // Every route about one client: outside the caller's scope the client is as missing as an unknown id.
  const oneClientRoutes: FastifyPluginAsyncZod = async (one) => {
    // preValidation: after the app's check that no part of the request holds a NUL (which PostgreSQL
    // cannot compare), and still before the body is validated, so a 400 tells an outsider nothing.
    one.addHook('preValidation', async (request) => assertClientInScope(db, scopeOf(request), (request.params as { id: string }).id));

    one.get('/clients/:id', { schema: { tags, params: ZIdParams, response: { 200: ZWorkspaceSummary, ...errors } } }, async (request) =>
      getWorkspaceSummary(db, request.params.id),
    );

    one.patch(
      '/clients/:id',
      { schema: { tags, params: ZIdParams, body: ZAdminUpdateWorkspaceRequest, response: { 200: ZWorkspaceSummary, ...errors } } },
      async (request) => updateWorkspace(db, request.params.id, request.body, who(request)),
    );

    one.get(
      '/clients/:id/managers',
      { schema: { tags, params: ZIdParams, response: { 200: ZManagersResponse, ...errors } } },
      async (request) => listManagers(db, request.params.id),
    );
    one.post(
      '/clients/:id/manager',
      {
        onRequest: assignersOnly,
        schema: { tags, params: ZIdParams, body: ZManagerRequest, response: { 200: ZManagersResponse, 422: ZApiError, ...errors } },
      },
      async (request) => addManager(db, request.params.id, request.body.email, who(request)),
    );
    one.delete(
      '/clients/:id/manager',
      {
        onRequest: assignersOnly,
        schema: { tags, params: ZIdParams, body: ZManagerRequest, response: { 200: ZManagersResponse, ...errors } },
      },
      async (request) => removeManager(db, request.params.id, request.body.email, who(request)),
    );

    one.get(
      '/clients/:id/timeline',
      { schema: { tags, params: ZIdParams, response: { 200: z.array(ZTimelineEntry), ...errors } } },
      async (request) => {
        await getWorkspaceSummary(db, request.params.id);
        return listTimeline(db, 'client', request.params.id);
      },
    );

    one.get(
      '/clients/:id/drafts',
      { schema: { tags, params: ZIdParams, response: { 200: ZWorkspaceDraftsByState, ...errors } } },
      async (request) => listWorkspaceDraftsByState(db, request.params.id),
    );

    one.get(
      '/clients/:id/onboarding',
      { schema: { tags, params: ZIdParams, response: { 200: ZOnboardingRecord, ...errors } } },
      async (request) => getOnboardingRecord(db, request.params.id),
    );

    one.put(
      '/clients/:id/onboarding',
      {
        schema: {
          tags,
          params: ZIdParams,
          querystring: ZOnboardingSyncQuery,
          body: ZOnboardingData,
          response: { 200: ZOnboardingRecord, 502: ZApiError, 503: ZApiError, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const record = await saveOnboardingRecord(db, id, request.body, who(request));
        if (request.query.sync !== '1') return record;
        // The local save above stands whatever Airtable answers.
        const airtableRecordId = await syncOnboardingRecord(ctx.config, await getWorkspaceSummary(db, id), record);
        await rememberAirtableRecord(db, id, airtableRecordId);
        await addTimelineEntry(db, {
          subjectType: 'client',
          subjectId: id,
          text: 'Onboarding details synced to Airtable',
          who: who(request),
          ts: nowIso(),
        });
        return { ...record, airtableRecordId };
      },
    );
  };
  await app.register(oneClientRoutes);
};
