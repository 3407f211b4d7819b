import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** Review links: staff mail them; anyone holding one approves or requests changes without an account. */
export const reviewLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
