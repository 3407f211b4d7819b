import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** Requests a client opens and follows from the dashboard. */
export const clientRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
