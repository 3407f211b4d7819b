import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** Channel connections under /api/social (issue 4). */
export const socialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
