import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';

const ZFileParams = z.object({ '*': z.string().min(1) });

/**
 * Serves avatars, which are public by nature (unguessable keys: uid plus upload time). Everything
 * else in the file store (draft media) is served only by routes that check the workspace.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/files/*', { config: { public: true }, schema: { params: ZFileParams, hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (key.split('/').some((part) => part === '..' || part === '.' || part === '') || key.includes('\\')) {
      throw new HttpError(400, 'Invalid file path');
    }
    if (!key.startsWith('avatars/') || !(await ctx.files.exists(key))) throw new HttpError(404, 'File not found');
    const meta = await ctx.files.getMetaData(key);
    return reply
      .type(meta.contentType ?? 'application/octet-stream')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', meta.contentLength)
      .send(await ctx.files.getStream(key));
  });
};
