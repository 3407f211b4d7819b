import path from 'node:path';
import type { TDraft, TDuplicateDraftRequest } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { newId } from '../../lib/ids.ts';
import { assertAccountOfChannel } from './draft-edit-of.ts';
import { getDraftRow, toDraft } from './draft-row.ts';

/**
 * "Duplicate to…": a new draft per target channel (and account) with the same type, words, media
 * and media description, each starting over as a draft (no review, no schedule). The media file is
 * copied, so each draft's file is its own to replace or delete; when a copy cannot be saved, the
 * files copied for it are removed again. Run it in a transaction.
 */
export async function duplicateDraft(
  deps: { db: Db; files: FileStore },
  workspaceId: string,
  id: string,
  targets: DuplicateTargets,
): Promise<TDraft[]> {
  const { db, files } = deps;
  const source = await getDraftRow(db, workspaceId, id);
  for (const target of targets) {
    if (target.connectionId) await assertAccountOfChannel(db, workspaceId, target.connectionId, target.channel);
  }
  const copies: TDraft[] = [];
  const copiedFiles: string[] = [];
  try {
    for (const target of targets) copies.push(await copyTo(target));
  } catch (error) {
    await Promise.all(copiedFiles.map((key) => files.delete(key).catch(() => undefined)));
    throw error;
  }
  return copies;

  async function copyTo(target: DuplicateTargets[number]): Promise<TDraft> {
    const copyId = newId();
    const now = new Date().toISOString();
    const mediaKey = source.mediaKey ? `drafts/${workspaceId}/${copyId}/${path.posix.basename(source.mediaKey)}` : null;
    if (source.mediaKey && mediaKey) {
      await files.copy(source.mediaKey, mediaKey);
      copiedFiles.push(mediaKey);
    }
    await db
      .insertInto('draft')
      .values({
        id: copyId,
        workspaceId,
        channel: target.channel,
        connectionId: target.connectionId,
        type: source.type,
        text: source.text,
        status: 'draft',
        scheduledAt: null,
        publishedAt: null,
        mediaKey,
        mediaType: source.mediaType,
        mediaName: source.mediaName,
        mediaSize: source.mediaSize,
        mediaWidth: source.mediaWidth,
        mediaHeight: source.mediaHeight,
        mediaDuration: source.mediaDuration,
        mediaHasAudio: source.mediaHasAudio,
        mediaAlt: source.mediaAlt,
        requestId: source.requestId,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return toDraft(await getDraftRow(db, workspaceId, copyId));
  }
}

type DuplicateTargets = TDuplicateDraftRequest['to'];
