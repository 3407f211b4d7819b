import type { TDraft, TDraftChannel, TWorkspace } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { AiBackend } from '../assistant/create-ai-client.ts';
import { readBrandContext } from '../assistant/read-brand-context.ts';
import { getDraftRow, toDraft } from '../drafts/draft-row.ts';
import { changeWithStaffRecord, firstWords } from '../workspaces/record-staff-action.ts';
import { clipFileKey } from './clip-files.ts';
import { findClipJob, type StoredClip, type StoredResult } from './clip-job-store.ts';
import { ClipperError } from './clipper-error.ts';
import { writeClipCaption } from './write-clip-caption.ts';

export interface ClipDraftDeps {
  db: Db;
  files: FileStore;
  ai: AiBackend | null;
}

/**
 * "Create draft" / "Create drafts for all": per clip, a draft in the job's workspace with the clip
 * (a copy, so the draft keeps it after the job's purge) and a caption the assistant writes from the
 * clip's words in the brand's voice (the words themselves without an AI service). Reframed clips
 * become a Reel/Short, clips in the source's frame a Video. Each clip gets one draft: asked again,
 * it answers the one it has (while that draft exists). Each draft is saved with its clip's mark in
 * one transaction, so a failure keeps the drafts already made.
 */
export async function createClipDrafts(
  deps: ClipDraftDeps,
  input: { jobId: string; user: SessionUser; clipNumber: number | null; channel?: TDraftChannel; signal?: AbortSignal },
): Promise<TDraft[]> {
  const { row, workspace } = await findClipJob(deps.db, input.jobId, input.user);
  if (!workspace) throw new ClipperError(409, "This clip job belongs to no workspace: start it from a client's dashboard to make drafts.");
  if (row.status !== 'done' || !row.result) throw new ClipperError(409, 'The clips are not ready yet.');
  const numbers = (JSON.parse(row.result) as StoredResult).clips
    .map((c) => c.clip_number)
    .filter((n) => input.clipNumber === null || n === input.clipNumber);
  if (numbers.length === 0) throw new ClipperError(404, 'Clip not found.');
  const brand = await readBrandContext(deps.db, workspace.id);
  const drafts: TDraft[] = [];
  for (const clipNumber of numbers) {
    // Read again at its turn: captions take seconds each, and another tab may have made this clip's draft meanwhile.
    const clip = await readStoredClip(deps.db, input.jobId, clipNumber);
    const existing = clip.draft_id
      ? await deps.db
          .selectFrom('draft')
          .selectAll()
          .where('id', '=', clip.draft_id)
          .where('workspaceId', '=', workspace.id)
          .executeTakeFirst()
      : undefined;
    drafts.push(existing ? toDraft(existing) : await createClipDraft(deps, { ...input, workspace, clip, brand }));
  }
  return drafts;
}

async function createClipDraft(
  deps: ClipDraftDeps,
  input: {
    jobId: string;
    user: SessionUser;
    workspace: TWorkspace;
    clip: StoredClip;
    brand: string | null;
    channel?: TDraftChannel;
    signal?: AbortSignal;
  },
): Promise<TDraft> {
  const { db, files } = deps;
  const { workspace, clip } = input;
  const clipKey = clipFileKey(input.jobId, clip.file_name);
  if (!(await files.exists(clipKey))) throw new ClipperError(404, 'This clip has expired.');
  const reframed = clip.aspect_ratio !== 'original';
  const channel = input.channel ?? (reframed ? 'instagram' : 'youtube');
  const caption = await writeClipCaption(
    { ai: deps.ai },
    { transcript: clip.transcript, brand: input.brand, channel, signal: input.signal },
  );
  const id = newId();
  const mediaKey = `drafts/${workspace.id}/${id}/${clip.file_name}`;
  await files.copy(clipKey, mediaKey);
  try {
    return await changeWithStaffRecord(
      db,
      { workspace, who: input.user.email },
      async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('draft')
          .values({
            id,
            workspaceId: workspace.id,
            channel,
            type: reframed ? 'reel' : 'video',
            text: caption.text,
            status: 'draft',
            scheduledAt: null,
            publishedAt: null,
            mediaKey,
            mediaType: 'video/mp4',
            mediaName: clip.file_name,
            mediaSize: clip.size,
            mediaWidth: clip.width,
            mediaHeight: clip.height,
            mediaDuration: clip.durationSeconds,
            mediaHasAudio: clip.hasAudio === null ? null : Number(clip.hasAudio),
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        await markClipDraft(trx, input.jobId, clip, id);
        return toDraft(await getDraftRow(trx, workspace.id, id));
      },
      (draft) => `Draft created from clip ${clip.clip_number}${draft.text.trim() ? `: ${firstWords(draft.text)}` : ''}`,
    );
  } catch (error) {
    await files.delete(mediaKey).catch(() => undefined);
    throw error;
  }
}

/** A finished job's result as stored, and one of its clips. */
async function readStoredResult(
  db: Db,
  jobId: string,
  clipNumber: number,
): Promise<{ result: StoredResult; clip: StoredClip | undefined }> {
  const row = await db.selectFrom('clipJob').select('result').where('id', '=', jobId).executeTakeFirst();
  if (!row?.result) throw new ClipperError(404, 'This clip has expired.');
  const result = JSON.parse(row.result) as StoredResult;
  return { result, clip: result.clips.find((c) => c.clip_number === clipNumber) };
}

async function readStoredClip(db: Db, jobId: string, clipNumber: number): Promise<StoredClip> {
  const { clip } = await readStoredResult(db, jobId, clipNumber);
  if (!clip) throw new ClipperError(404, 'Clip not found.');
  return clip;
}

/**
 * Notes the draft on its clip in the job's result (replacing a deleted draft's), with the job's row
 * locked: of two clicks at once on one clip, the second finds the first's draft and fails (409).
 */
async function markClipDraft(trx: Db, jobId: string, was: StoredClip, draftId: string): Promise<void> {
  // Written first, so that on PostgreSQL a draft of another clip made at the same moment waits for
  // this transaction and then reads its result (SQLite writes one transaction at a time anyway).
  await trx.updateTable('clipJob').set({ updatedAt: new Date().toISOString() }).where('id', '=', jobId).execute();
  const { result, clip } = await readStoredResult(trx, jobId, was.clip_number);
  // A draft id other than the one read before (a deleted draft's) means another click made one meanwhile.
  if (!clip || (clip.draft_id ?? null) !== (was.draft_id ?? null))
    throw new ClipperError(409, 'A draft of this clip is being made already. Reload to see it.');
  clip.draft_id = draftId;
  await trx
    .updateTable('clipJob')
    .set({ result: JSON.stringify(result) })
    .where('id', '=', jobId)
    .execute();
}
