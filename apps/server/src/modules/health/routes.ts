import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZHealthResponse, ZReadyResponse } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { pingDatabase } from '../../db/database.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/health',
    { config: { public: true, answerUnderPressure: true }, schema: { tags: ['ops'], response: { 200: ZHealthResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/api/ready',
    { config: { public: true }, schema: { tags: ['ops'], response: { 200: ZReadyResponse, 503: ZApiError } } },
    async (_request, reply) => {
      if (!(await pingDatabase(ctx.db))) return reply.status(503).send({ error: 'Database unreachable' });
      return { status: 'ready' as const, database: 'ok' as const };
    },
  );
};
