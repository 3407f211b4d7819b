import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** Members of a client's workspace (the owner's teammates) and their invitations. */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
