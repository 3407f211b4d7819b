import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { Db } from '../../db/database.ts';
import { IMAGE_TYPES, SERVED_FILE_CSP, storedFileName, type FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { getDraftRow, type DraftRow } from './draft-row.ts';

const MEDIA_TYPES = new Set([...IMAGE_TYPES, 'video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/mpeg']);

/** The draft's columns that name its media. */
export type DraftMedia = Pick<DraftRow, 'mediaKey' | 'mediaType' | 'mediaName'>;

/**
 * Streams an upload to a temporary file (never whole in memory), checks its type from the bytes,
 * then moves it into the file store under drafts/{workspace}/{draft}/ and hands the new media to
 * `save`, which writes it to the draft (in the transaction of the edit). The file it replaces is
 * removed once saved; a save that fails removes the new file instead.
 */
export async function attachDraftMedia<T>(
  deps: { db: Db; files: FileStore; tmpDir: string },
  input: { workspaceId: string; draftId: string; fileName: string; stream: Readable & { truncated?: boolean }; tooLarge: string },
  save: (media: DraftMedia) => Promise<T>,
): Promise<T> {
  const row = await getDraftRow(deps.db, input.workspaceId, input.draftId);
  if (row.status === 'publishing' || row.status === 'published') throw new HttpError(409, 'Media cannot be added to a published draft.');
  fs.mkdirSync(deps.tmpDir, { recursive: true });
  const tmp = path.join(deps.tmpDir, `${newId()}.upload`);
  try {
    await pipeline(input.stream, fs.createWriteStream(tmp));
    // The multipart limit stops the stream at the limit and marks it truncated.
    if (input.stream.truncated) throw new HttpError(413, input.tooLarge);
    const type = await fileTypeFromFile(tmp);
    if (!type || !MEDIA_TYPES.has(type.mime))
      throw new HttpError(415, 'Media must be an image (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, MOV, WebM, MKV, MPEG).');
    const key = `drafts/${input.workspaceId}/${input.draftId}/${storedFileName(input.fileName, type)}`;
    await deps.files.putStream(key, fs.createReadStream(tmp), { contentType: type.mime });
    const saved = await save({
      mediaKey: key,
      mediaType: type.mime,
      // The name as shown, without control characters (PostgreSQL text cannot hold NUL).
      mediaName: input.fileName.replace(/\p{Cc}/gu, '').slice(0, 200),
    }).catch(async (error: unknown) => {
      await deps.files.delete(key).catch(() => undefined);
      throw error;
    });
    if (row.mediaKey && row.mediaKey !== key) await deps.files.delete(row.mediaKey).catch(() => undefined);
    return saved;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Answers with a draft's media as a private file: its type, shown inline and never run (the served
 * files' sandbox), kept in the browser's private cache only.
 */
export async function sendDraftMedia(reply: FastifyReply, files: FileStore, draft: DraftMedia): Promise<FastifyReply> {
  if (!draft.mediaKey) throw new HttpError(404, 'This draft has no media');
  const meta = await files.getMetaData(draft.mediaKey);
  return reply
    .type(draft.mediaType ?? meta.contentType ?? 'application/octet-stream')
    .header('Content-Disposition', `inline; filename="${path.posix.basename(draft.mediaKey)}"`)
    .header('Content-Security-Policy', SERVED_FILE_CSP)
    .header('Cache-Control', 'private, max-age=3600')
    .header('Content-Length', meta.contentLength)
    .send(await files.getStream(draft.mediaKey));
}
