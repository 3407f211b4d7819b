import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZClient,
  ZCreateClientRequest,
  ZIdParams,
  ZListClientsQuery,
  ZListClientsResponse,
  ZManagerRequest,
  ZManagersResponse,
  ZOnboardingData,
  ZOnboardingRecord,
  ZOnboardingSyncQuery,
  ZTimelineEntry,
  ZUpdateClientRequest,
} from '@hookline/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../../db/database.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { syncOnboardingRecord } from '../airtable/sync-onboarding-record.ts';
import { sendInvitation } from '../invitations/send-invitation.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { listTimeline } from '../timeline/list-timeline.ts';
import { getClient } from './client-row.ts';
import { createClient } from './create-client.ts';
import { listClients } from './list-clients.ts';
import { addManager, listManagers, removeManager } from './managers.ts';
import { getOnboardingRecord, rememberAirtableRecord, saveOnboardingRecord } from './onboarding-record.ts';
import { updateClient } from './update-client.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['admin: clients'];

export const clientAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const who = (request: Parameters<typeof sessionUserOf>[0]) => sessionUserOf(request).email;

  app.get(
    '/clients',
    { schema: { tags, querystring: ZListClientsQuery, response: { 200: ZListClientsResponse, ...errors } } },
    async (request) => listClients(ctx.database, request.query),
  );

  app.post(
    '/clients',
    { schema: { tags, body: ZCreateClientRequest, response: { 201: ZClient, 409: ZApiError, ...errors } } },
    async (request, reply) => {
      const created = await createClient(db, request.body, { who: who(request) });
      if (created.invitation) {
        // After the commit: a mail that fails to send is logged, the client stands.
        const { client, invitation } = created;
        await sendInvitation(ctx, { email: client.owner, workspaceName: client.name, token: invitation.token }).catch((error) =>
          request.log.error({ err: error }, 'invitation mail failed'),
        );
      }
      return reply.status(201).send(created.client);
    },
  );

  app.get('/clients/:id', { schema: { tags, params: ZIdParams, response: { 200: ZClient, ...errors } } }, async (request) =>
    getClient(db, request.params.id),
  );

  app.patch(
    '/clients/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdateClientRequest, response: { 200: ZClient, ...errors } } },
    async (request) => updateClient(db, request.params.id, request.body, who(request)),
  );

  app.get(
    '/clients/:id/managers',
    { schema: { tags, params: ZIdParams, response: { 200: ZManagersResponse, ...errors } } },
    async (request) => listManagers(db, request.params.id),
  );
  app.post(
    '/clients/:id/manager',
    { schema: { tags, params: ZIdParams, body: ZManagerRequest, response: { 200: ZManagersResponse, 422: ZApiError, ...errors } } },
    async (request) => addManager(db, request.params.id, request.body.email, who(request)),
  );
  app.delete(
    '/clients/:id/manager',
    { schema: { tags, params: ZIdParams, body: ZManagerRequest, response: { 200: ZManagersResponse, ...errors } } },
    async (request) => removeManager(db, request.params.id, request.body.email, who(request)),
  );

  app.get(
    '/clients/:id/timeline',
    { schema: { tags, params: ZIdParams, response: { 200: z.array(ZTimelineEntry), ...errors } } },
    async (request) => {
      await getClient(db, request.params.id);
      return listTimeline(db, 'client', request.params.id);
    },
  );

  app.get(
    '/clients/:id/onboarding',
    { schema: { tags, params: ZIdParams, response: { 200: ZOnboardingRecord, ...errors } } },
    async (request) => getOnboardingRecord(db, request.params.id),
  );

  app.put(
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
      const airtableRecordId = await syncOnboardingRecord(ctx.config, await getClient(db, id), record);
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
