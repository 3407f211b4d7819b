import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { IMAGE_TYPES, type FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readMediaFacts } from '../../lib/read-media-facts.ts';
import { sendStoredFile } from '../../lib/send-stored-file.ts';
import { storeUpload, type Upload } from '../../lib/store-upload.ts';
import { getDraftRow, type DraftRow } from './draft-row.ts';

const MEDIA_TYPES = new Set([...IMAGE_TYPES, 'video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/mpeg']);
const UNSUPPORTED_MEDIA = 'Media must be an image (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, MOV, WebM, MKV, MPEG).';

/** The draft's columns that name its media, and what was read from the file for the networks' checks. */
export type DraftMedia = Pick<
  DraftRow,
  'mediaKey' | 'mediaType' | 'mediaName' | 'mediaSize' | 'mediaWidth' | 'mediaHeight' | 'mediaDuration' | 'mediaHasAudio' | 'mediaAlt'
>;

/**
 * Stores an upload (its type checked from the bytes) under drafts/{workspace}/{draft}/, reads its
 * size in pixels, duration and sound (the networks' checks need them) and hands the new media to `save`, which writes it to the draft (in the transaction of the edit). The file
 * it replaces is removed once saved; a save that fails removes the new file instead.
 */
export async function attachDraftMedia<T>(
  deps: { db: Db; files: FileStore; tmpDir: string; ffprobePath: string },
  input: Upload & { workspaceId: string; draftId: string },
  save: (media: DraftMedia) => Promise<T>,
): Promise<T> {
  const row = await getDraftRow(deps.db, input.workspaceId, input.draftId);
  if (row.status === 'publishing' || row.status === 'published') throw new HttpError(409, 'Media cannot be added to a published draft.');
  const rule = { types: MEDIA_TYPES, unsupported: UNSUPPORTED_MEDIA, folder: `drafts/${input.workspaceId}/${input.draftId}` };
  return storeUpload(deps, input, rule, async (stored) => {
    const facts = await readMediaFacts(stored.localPath, stored.contentType, { ffprobePath: deps.ffprobePath });
    const saved = await save({
      mediaKey: stored.key,
      mediaType: stored.contentType,
      mediaName: stored.name,
      mediaSize: stored.size,
      mediaWidth: facts.width,
      mediaHeight: facts.height,
      mediaDuration: facts.durationSeconds,
      mediaHasAudio: facts.hasAudio === null ? null : Number(facts.hasAudio),
      // The old description was of the old file.
      mediaAlt: '',
    });
    if (row.mediaKey && row.mediaKey !== stored.key) await deps.files.delete(row.mediaKey).catch(() => undefined);
    return saved;
  });
}

/**
 * Answers with a draft's media as a private file: its type, shown inline and never run (the served
 * files' sandbox), kept in the browser's private cache only.
 */
export async function sendDraftMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  draft: Pick<DraftRow, 'mediaKey' | 'mediaType'>,
): Promise<FastifyReply> {
  if (!draft.mediaKey) throw new HttpError(404, 'This draft has no media');
  return sendStoredFile(request, reply, files, {
    key: draft.mediaKey,
    type: draft.mediaType ?? 'application/octet-stream',
    disposition: `inline; filename="${path.posix.basename(draft.mediaKey)}"`,
    cacheControl: 'private, max-age=3600',
  });
}
