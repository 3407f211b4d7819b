import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import type { TDraft } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { IMAGE_TYPES, storedFileName, type FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { getDraftRow, toDraft } from './draft-row.ts';

const MEDIA_TYPES = new Set([...IMAGE_TYPES, 'video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/mpeg']);

/**
 * Streams an upload to a temporary file (never whole in memory), checks its type from the bytes,
 * then moves it into the file store under drafts/{workspace}/{draft}/ and attaches it to the draft.
 */
export async function attachDraftMedia(
  deps: { db: Db; files: FileStore; tmpDir: string },
  input: { workspaceId: string; draftId: string; fileName: string; stream: Readable & { truncated?: boolean }; tooLarge: string },
): Promise<TDraft> {
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
    if (row.mediaKey) await deps.files.delete(row.mediaKey).catch(() => undefined);
    await deps.db
      .updateTable('draft')
      .set({
        mediaKey: key,
        mediaType: type.mime,
        // The name as shown, without control characters (PostgreSQL text cannot hold NUL).
        mediaName: input.fileName.replace(/\p{Cc}/gu, '').slice(0, 200),
        updatedAt: new Date().toISOString(),
      })
      .where('id', '=', input.draftId)
      .execute();
    return toDraft(await getDraftRow(deps.db, input.workspaceId, input.draftId));
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
