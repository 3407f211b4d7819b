import path from 'node:path';
import { fileTypeStream } from 'file-type/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { IMAGE_TYPES, isFileKey, SERVED_FILE_CSP } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readStored, sendStream } from '../../lib/send-stored-file.ts';

const ZFileParams = z.object({ '*': z.string().min(1) });

/**
 * Serves avatars, which are public by nature (unguessable keys: uid plus upload time). Everything
 * else in the file store (draft media) is served only by routes that check the workspace.
 *
 * The type comes from the file's bytes, never from its name: a picture is shown inline as what it
 * is, anything else (a file stored before names took their extension from the bytes) is a download.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/files/*', { config: { public: true }, schema: { params: ZFileParams, hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!isFileKey(key)) throw new HttpError(400, 'Invalid file path');
    if (!key.startsWith('avatars/')) throw new HttpError(404, 'File not found');
    const meta = await readStored(() => ctx.files.getMetaData(key));
    const stream = await fileTypeStream(await readStored(() => ctx.files.getStream(key)));
    const image = stream.fileType && IMAGE_TYPES.has(stream.fileType.mime) ? stream.fileType : null;
    const downloadName = `${path.posix.basename(key).replace(/\.[^.]*$/, '')}.${image?.ext ?? 'bin'}`;
    reply
      .type(image?.mime ?? 'application/octet-stream')
      .header('Content-Disposition', `${image ? 'inline' : 'attachment'}; filename="${downloadName}"`)
      .header('Content-Security-Policy', SERVED_FILE_CSP)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Length', meta.contentLength);
    return sendStream(request, reply, stream);
  });
};
