import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { MAX_REQUEST_ATTACHMENTS, type TRequestAttachment, type TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import type { RequestAttachmentTable } from '../../db/schema.ts';
import { IMAGE_TYPES, storedFileName, type FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { firstWords, recordStaffAction } from '../workspaces/record-staff-action.ts';

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
 * Streams an upload to a temporary file (never whole in memory), checks its type from the bytes,
 * then moves it into the file store under requests/{workspace}/{request}/ and lists it on the
 * request (with its line on the client's timeline when staff attached it). The caller has found
 * the request in the workspace.
 */
export async function attachRequestFile(
  deps: { db: Db; files: FileStore; tmpDir: string },
  input: {
    workspace: Pick<TWorkspace, 'id' | 'access'>;
    who: string;
    requestId: string;
    fileName: string;
    stream: Readable & { truncated?: boolean };
    tooLarge: string;
  },
): Promise<TRequestAttachment> {
  const { db, files } = deps;
  // Before the bytes are read, so a full request costs no disk.
  await assertRoomForAnother(db, input.requestId);
  fs.mkdirSync(deps.tmpDir, { recursive: true });
  const tmp = path.join(deps.tmpDir, `${newId()}.upload`);
  let stored: string | null = null;
  try {
    await pipeline(input.stream, fs.createWriteStream(tmp));
    // The multipart limit stops the stream at the limit and marks it truncated.
    if (input.stream.truncated) throw new HttpError(413, input.tooLarge);
    const type = await fileTypeFromFile(tmp);
    if (!type || !ATTACHMENT_TYPES.has(type.mime)) throw new HttpError(415, UNSUPPORTED_TYPE);
    const key = `requests/${input.workspace.id}/${input.requestId}/${storedFileName(input.fileName, type)}`;
    await files.putStream(key, fs.createReadStream(tmp), { contentType: type.mime });
    stored = key;
    const row = {
      id: newId(),
      requestId: input.requestId,
      fileKey: key,
      // The name as shown, without control characters (PostgreSQL text cannot hold NUL).
      name: input.fileName.replace(/\p{Cc}/gu, '').slice(0, 200) || path.posix.basename(key),
      contentType: type.mime,
      size: fs.statSync(tmp).size,
      createdAt: nowIso(),
    };
    // Counted again with the row: two uploads at once must not make eleven.
    await db.transaction().execute(async (trx) => {
      await assertRoomForAnother(trx, input.requestId);
      await trx.insertInto('requestAttachment').values(row).execute();
      await recordStaffAction(trx, input.workspace, input.who, `File attached to a request: ${firstWords(row.name)}`);
    });
    stored = null;
    return toAttachment(row);
  } finally {
    fs.rmSync(tmp, { force: true });
    if (stored) await files.delete(stored).catch(() => undefined);
  }
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
