import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZOnboardingData, ZOnboardingSubmitResponse } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { readSessionUser } from '../../plugins/auth.ts';
import { submitOnboarding } from './submit-onboarding.ts';

export const onboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/onboarding/submit',
    {
      config: { public: true, rateLimit: { max: ctx.config.ONBOARDING_RATE_LIMIT, timeWindow: '10 minutes' } },
      schema: {
        tags: ['onboarding'],
        body: ZOnboardingData,
        response: { 200: ZOnboardingSubmitResponse, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request) => {
      const user = await readSessionUser(ctx.auth, request);
      const { requestId } = await submitOnboarding(ctx.db, { data: request.body, user, founders: ctx.config.FOUNDER_EMAIL });
      return { ok: true as const, requestId };
    },
  );
};
