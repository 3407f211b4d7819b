import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** POST /api/assistant and its streaming variant (issue 4). */
export const assistantRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
