import { MAX_REQUEST_ATTACHMENTS, type TRequestAttachment, type TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import type { RequestAttachmentTable } from '../../db/schema.ts';
import { IMAGE_TYPES, type FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { storeUpload, type Upload } from '../../lib/store-upload.ts';
import { changeWithStaffRecord, firstWords } from '../workspaces/record-staff-action.ts';

/** What a brief is made of: pictures, PDFs, videos and office documents, each recognised by its bytes. */
const ATTACHMENT_TYPES = new Set([
  ...IMAGE_TYPES,
  'application/pdf',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);
const UNSUPPORTED_TYPE =
  'Attach an image (JPEG, PNG, WebP, GIF, AVIF), a PDF, a video (MP4, MOV, WebM) or a Word, Excel or PowerPoint document.';
const TOO_MANY = `A request holds at most ${MAX_REQUEST_ATTACHMENTS} files.`;
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

const ATTACHMENT_COLUMNS = ['id', 'requestId', 'name', 'contentType', 'size', 'createdAt'] as const;

/** Opened with the caller's session: the request's workspace decides who may. */
export const attachmentUrl = (requestId: string, id: string) =>
  `/api/requests/${encodeURIComponent(requestId)}/attachments/${encodeURIComponent(id)}`;

function toAttachment(row: Pick<RequestAttachmentTable, (typeof ATTACHMENT_COLUMNS)[number]>): TRequestAttachment {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    size: Number(row.size),
    url: attachmentUrl(row.requestId, row.id),
    createdAt: row.createdAt,
  };
}

/** Oldest first, in the order they were attached. */
export async function listRequestAttachments(db: Db, requestId: string): Promise<TRequestAttachment[]> {
  const rows = await db
    .selectFrom('requestAttachment')
    .select(ATTACHMENT_COLUMNS)
    .where('requestId', '=', requestId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toAttachment);
}

async function assertRoomForAnother(db: Db, requestId: string): Promise<void> {
  const { count } = await db
    .selectFrom('requestAttachment')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('requestId', '=', requestId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_REQUEST_ATTACHMENTS) throw new HttpError(409, TOO_MANY);
}

/**
 * Stores an upload (its type checked from the bytes) under requests/{workspace}/{request}/ and
 * lists it on the request, with its line on the client's timeline when staff attached it. The
 * caller has found the request in the workspace.
 */
export async function attachRequestFile(
  deps: { db: Db; files: FileStore; tmpDir: string },
  input: Upload & { workspace: Pick<TWorkspace, 'id' | 'access'>; who: string; requestId: string },
): Promise<TRequestAttachment> {
  const { db } = deps;
  // Before the bytes are read, so a full request costs no disk.
  await assertRoomForAnother(db, input.requestId);
  const rule = { types: ATTACHMENT_TYPES, unsupported: UNSUPPORTED_TYPE, folder: `requests/${input.workspace.id}/${input.requestId}` };
  return storeUpload(deps, input, rule, async (stored) => {
    const row = {
      id: newId(),
      requestId: input.requestId,
      fileKey: stored.key,
      name: stored.name,
      contentType: stored.contentType,
      size: stored.size,
      createdAt: nowIso(),
    };
    await changeWithStaffRecord(
      db,
      { workspace: input.workspace, who: input.who },
      async (trx) => {
        // Counted again with the row: two uploads at once must not make eleven. Touching the
        // request first locks its row on PostgreSQL, whose READ COMMITTED would otherwise let two
        // transactions count nine each; SQLite already runs one writing transaction at a time.
        await trx.updateTable('request').set({ updatedAt: row.createdAt }).where('id', '=', input.requestId).execute();
        await assertRoomForAnother(trx, input.requestId);
        await trx.insertInto('requestAttachment').values(row).execute();
      },
      () => `File attached to a request: ${firstWords(row.name)}`,
    );
    return toAttachment(row);
  });
}

/** An attachment with the workspace of its request, which decides who may open it; undefined when there is none. */
export async function findAttachment(db: Db, requestId: string, id: string) {
  return db
    .selectFrom('requestAttachment')
    .innerJoin('request', 'request.id', 'requestAttachment.requestId')
    .select(['requestAttachment.fileKey', 'request.workspaceId'])
    .where('requestAttachment.id', '=', id)
    .where('requestAttachment.requestId', '=', requestId)
    .executeTakeFirst();
}
