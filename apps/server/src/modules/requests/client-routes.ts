import path from 'node:path';
import { fileTypeStream } from 'file-type/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formatBytes,
  ZApiError,
  ZAttachmentParams,
  ZClientRequest,
  ZClientRequestDetail,
  ZIdParams,
  ZListClientRequestsResponse,
  ZOpenClientRequest,
  ZRequestAttachment,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../../db/database.ts';
import { IMAGE_TYPES, SERVED_FILE_CSP } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { firstWords, recordStaffAction } from '../workspaces/record-staff-action.ts';
import { openResourceWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { getClientRequest, getClientRequestDetail, getWorkspaceRequest, listClientRequests } from './client-requests.ts';
import { openRequest } from './open-request.ts';
import { ATTACHMENT_NOT_FOUND, attachRequestFile, findAttachment } from './request-attachments.ts';
import { readStored, sendStream } from '../../lib/send-stored-file.ts';

// 403: a staff account without a workspace named, a manager not assigned to it, or a workspace
// waiting for its owner to prove the address. 404: a workspace or request the caller cannot see.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['requests'];
const headers = ZWorkspaceHeaders;

/** Requests a client opens and follows from the dashboard, in the workspace the call acts on. */
export const clientRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get('/api/requests', { schema: { tags, headers, response: { 200: ZListClientRequestsResponse, ...errors } } }, async (request) => ({
    requests: await listClientRequests(db, (await workspaceOfRequest(db, request)).id),
  }));

  app.post(
    '/api/requests',
    { schema: { tags, headers, body: ZOpenClientRequest, response: { 201: ZClientRequest, ...errors } } },
    async (request, reply) => {
      const workspace = await workspaceOfRequest(db, request);
      const email = sessionUserOf(request).email.toLowerCase();
      const { type, subject, description } = request.body;
      const id = await db.transaction().execute(async (trx) => {
        const opened = await openRequest(trx, {
          workspaceId: workspace.id,
          type,
          subject,
          description,
          requester: email,
          who: email,
          now: nowIso(),
        });
        await recordStaffAction(trx, workspace, email, `Request opened: ${firstWords(subject)}`);
        return opened;
      });
      return reply.status(201).send(await getClientRequest(db, workspace.id, id));
    },
  );

  app.get(
    '/api/requests/:id',
    { schema: { tags, headers, params: ZIdParams, response: { 200: ZClientRequestDetail, ...errors } } },
    async (request) => getClientRequestDetail(db, (await workspaceOfRequest(db, request)).id, request.params.id),
  );

  app.post(
    '/api/requests/:id/attachments',
    {
      schema: {
        tags,
        headers,
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZRequestAttachment, 409: ZApiError, 413: ZApiError, 415: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      // Checked before the upload is read, so a refused request costs no disk.
      const workspace = await workspaceOfRequest(db, request);
      await getWorkspaceRequest(db, workspace.id, request.params.id);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data with a "file" field.');
      const part = await request.file({ limits: { fileSize: ctx.config.MEDIA_MAX_BYTES, files: 1 } });
      if (!part) throw new HttpError(400, 'Choose a file to attach.');
      const attachment = await attachRequestFile(
        { db, files: ctx.files, tmpDir: path.join(ctx.config.dataDir, 'tmp') },
        {
          workspace,
          who: sessionUserOf(request).email,
          requestId: request.params.id,
          fileName: part.filename,
          stream: part.file,
          tooLarge: `Attachments must be ${formatBytes(ctx.config.MEDIA_MAX_BYTES)} or smaller.`,
        },
      );
      return reply.status(201).send(attachment);
    },
  );

  // A link the client or staff follow without the workspace header: the request's own workspace
  // decides, by the same rule, who may open it.
  app.get(
    '/api/requests/:id/attachments/:attachmentId',
    { schema: { tags, params: ZAttachmentParams, hide: true } },
    async (request, reply) => {
      const found = await findAttachment(db, request.params.id, request.params.attachmentId);
      const workspace = await openResourceWorkspace(db, sessionUserOf(request), found?.workspaceId);
      if (!found || !workspace) throw new HttpError(404, ATTACHMENT_NOT_FOUND);
      const meta = await readStored(() => ctx.files.getMetaData(found.fileKey), ATTACHMENT_NOT_FOUND);
      // The type from the bytes, never from the name the client gave: a picture shows as what it is,
      // anything else is a download that the browser does not open as a page.
      const stream = await fileTypeStream(await readStored(() => ctx.files.getStream(found.fileKey), ATTACHMENT_NOT_FOUND));
      const type = stream.fileType;
      const inline = type !== undefined && IMAGE_TYPES.has(type.mime);
      reply
        .type(type?.mime ?? 'application/octet-stream')
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${path.posix.basename(found.fileKey)}"`)
        .header('Content-Security-Policy', SERVED_FILE_CSP)
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Length', meta.contentLength);
      return sendStream(request, reply, stream);
    },
  );
};
