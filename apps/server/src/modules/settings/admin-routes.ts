import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminSettings, ZApiError, ZWebhookDeliveries, ZWebhookSecret } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { requireRoles } from '../../plugins/guards.ts';
import { listWebhookDeliveries } from '../webhooks/list-webhook-deliveries.ts';
import { assertPublicWebhookUrl } from '../webhooks/ssrf-guard.ts';
import { getSettings, getWebhookSecret, rotateWebhookSecret, saveSettings } from './settings-store.ts';

const ADMINS = ['admin', 'founder'] as const;
const adminsOnly = requireRoles(ADMINS, 'Only admins and founders can change settings.');
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['admin: settings'];

export const settingsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get('/settings', { schema: { tags, response: { 200: ZAdminSettings, ...errors } } }, async () => getSettings(db));

  app.put(
    '/settings',
    { onRequest: adminsOnly, schema: { tags, body: ZAdminSettings, response: { 200: ZAdminSettings, ...errors } } },
    async (request) => {
      await assertPublicWebhookUrl(request.body.webhookUrl, ctx.config.WEBHOOK_ALLOW_PRIVATE);
      return saveSettings(db, request.body);
    },
  );

  app.get(
    '/webhooks/secret',
    {
      onRequest: requireRoles(ADMINS, 'Only admins and founders can see the webhook secret.'),
      schema: { tags, response: { 200: ZWebhookSecret, ...errors } },
    },
    async () => ({ secret: await getWebhookSecret(db) }),
  );

  app.get('/webhooks/deliveries', { schema: { tags, response: { 200: ZWebhookDeliveries, ...errors } } }, async () =>
    listWebhookDeliveries(db),
  );

  app.post(
    '/webhooks/secret/rotate',
    { onRequest: adminsOnly, schema: { tags, response: { 200: ZWebhookSecret, ...errors } } },
    async () => ({
      secret: await rotateWebhookSecret(db),
    }),
  );
};
