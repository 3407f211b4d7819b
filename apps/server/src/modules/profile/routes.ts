import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZProfile, ZUpdateProfileRequest, ZUploadAvatarResponse } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { formatBytes } from '@hookline/shared';
import { HttpError } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { getProfile, updateProfile } from './update-profile.ts';
import { uploadAvatar } from './upload-avatar.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/me', { schema: { tags: ['profile'], response: { 200: ZProfile, 401: ZApiError } } }, async (request) =>
    getProfile(ctx.db, sessionUserOf(request).id),
  );

  app.patch(
    '/api/me/profile',
    { schema: { tags: ['profile'], body: ZUpdateProfileRequest, response: { 200: ZProfile, 400: ZApiError } } },
    async (request) => updateProfile(ctx.db, sessionUserOf(request).id, request.body),
  );

  app.post(
    '/api/me/avatar',
    {
      schema: {
        tags: ['profile'],
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadAvatarResponse, 400: ZApiError, 413: ZApiError, 415: ZApiError },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the avatar as multipart/form-data with a "file" field.');
      const part = await request.file({ limits: { fileSize: ctx.config.AVATAR_MAX_BYTES, files: 1 } });
      if (!part) throw new HttpError(400, 'Choose an image file to upload.');
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `Avatar must be ${formatBytes(ctx.config.AVATAR_MAX_BYTES)} or smaller.`);
        throw error;
      });
      const { url } = await uploadAvatar(ctx.files, { userId: user.id, fileName: part.filename, bytes });
      return { url };
    },
  );
};
