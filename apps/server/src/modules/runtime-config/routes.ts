import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRuntimeConfig } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { listConfiguredProviders } from '../../plugins/auth.ts';
import { getSettings } from '../settings/settings-store.ts';

export const runtimeConfigRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/config', { config: { public: true }, schema: { tags: ['config'], response: { 200: ZRuntimeConfig } } }, async () => {
    const settings = await getSettings(ctx.db);
    return {
      passwordPolicy: { minLength: ctx.config.PASSWORD_MIN_LENGTH, maxLength: 128 },
      providers: listConfiguredProviders(ctx.config),
      enterpriseCallUrl: ctx.config.ENTERPRISE_CALL_URL,
      avatarMaxBytes: ctx.config.AVATAR_MAX_BYTES,
      allowSelfSignup: settings.allowSelfSignup,
      brandHue: settings.brandHue,
      clipper: { enabled: ctx.config.CLIPPER_ENABLED, baseUrl: ctx.config.CLIPPER_BASE_URL ?? '' },
    };
  });
};
