import {
  CLIP_RETENTION_SECONDS,
  type TClipJobResponse,
  type TClipResult,
  type TClipJobStatus,
  type TClipStage,
  type TWorkspace,
} from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { ClipJobTable } from '../../db/schema.ts';
import type { MediaFacts } from '../../lib/read-media-facts.ts';

export type ClipJobRow = Selectable<ClipJobTable>;
import { openResourceWorkspace } from '../workspaces/resolve-workspace.ts';
import { ClipperError } from './clipper-error.ts';
import type { StoredParams } from './run-clip-job.ts';
import { signClipUrl } from './sign-clip-url.ts';

/** What a draft of a clip needs to know of its file, read once when the clip is stored. */
export type ClipFacts = MediaFacts & { size: number };

/**
 * A clip as a finished job keeps it: as the API shows it without its signed URL (made per
 * request), plus what only the server uses: the words spoken in it and its file's facts.
 */
export type StoredClip = Omit<TClipResult, 'download_url'> & ClipFacts & { transcript: string };

/** What a finished job keeps. */
export type StoredResult = Omit<TClipJobResponse, 'clips' | 'expires_in_seconds'> & { clips: StoredClip[] };

/**
 * A job the caller may follow, with the workspace it belongs to: one started in a workspace, by
 * whoever may open that workspace (its owner, staff allowed there); one started outside any, by its
 * starter. Checked by the job itself, not by the workspace header: an EventSource cannot send headers.
 */
export async function findClipJob(
  db: Db,
  id: string,
  user: Parameters<typeof openResourceWorkspace>[1],
): Promise<{ row: ClipJobRow; workspace: TWorkspace | null }> {
  const row = await db.selectFrom('clipJob').selectAll().where('id', '=', id).executeTakeFirst();
  const workspace = row?.workspaceId ? await openResourceWorkspace(db, user, row.workspaceId) : null;
  if (!row || (row.workspaceId ? !workspace : row.userId !== user.id))
    throw new ClipperError(404, 'Clip job not found (it may have expired).');
  return { row, workspace };
}

export async function getClipJob(db: Db, id: string, user: Parameters<typeof openResourceWorkspace>[1]): Promise<ClipJobRow> {
  return (await findClipJob(db, id, user)).row;
}

export async function createClipJob(
  db: Db,
  input: { id: string; userId: string; workspaceId: string | null; params: StoredParams },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('clipJob')
    .values({
      id: input.id,
      userId: input.userId,
      workspaceId: input.workspaceId,
      status: 'queued',
      stage: 'queued',
      params: JSON.stringify(input.params),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export async function setClipProgress(db: Db, id: string, stage: TClipStage, percent: number): Promise<void> {
  await db
    .updateTable('clipJob')
    .set({ status: 'running', stage, percent: Math.round(percent), updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** Ends a job (done, failed or cancelled); everything is purged CLIP_RETENTION_SECONDS later. */
export async function finishClipJob(
  db: Db,
  id: string,
  end: { status: 'done'; result: StoredResult } | { status: 'failed' | 'cancelled'; detail: string },
): Promise<Date> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CLIP_RETENTION_SECONDS * 1000);
  await db
    .updateTable('clipJob')
    .set({
      status: end.status,
      stage: end.status === 'done' ? 'done' : undefined,
      percent: end.status === 'done' ? 100 : undefined,
      result: end.status === 'done' ? JSON.stringify(end.result) : null,
      detail: end.status === 'done' ? null : end.detail,
      finishedAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      updatedAt: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  return expiresAt;
}

/** The job as the API shows it; a finished job's clips get fresh signed download URLs. */
export function toClipJobStatus(row: ClipJobRow, secret: string, now = Date.now()): TClipJobStatus {
  let result: TClipJobResponse | null = null;
  if (row.status === 'done' && row.result && row.expiresAt) {
    const stored = JSON.parse(row.result) as StoredResult;
    const expiresAt = Math.floor(Date.parse(row.expiresAt) / 1000);
    result = {
      ...stored,
      // Only what the API shows: the words and file facts stay on the server.
      clips: stored.clips.map((clip) => ({
        clip_number: clip.clip_number,
        virality_score: clip.virality_score,
        start_time: clip.start_time,
        end_time: clip.end_time,
        duration: clip.duration,
        text_preview: clip.text_preview,
        source_video: clip.source_video,
        download_url: signClipUrl(secret, { jobId: row.id, clipNumber: clip.clip_number, expiresAt }),
        file_name: clip.file_name,
        // Jobs finished before clips had a frame or drafts (kept two hours across an upgrade).
        aspect_ratio: clip.aspect_ratio ?? 'original',
        draft_id: clip.draft_id ?? null,
      })),
      expires_in_seconds: Math.max(0, expiresAt - Math.floor(now / 1000)),
    };
  }
  return { job_id: row.id, status: row.status, stage: row.stage as TClipStage, percent: row.percent, result, detail: row.detail };
}

/** The job as the API shows it, its clips' drafts as they are now: a deleted draft is no longer named. */
export async function readClipJobStatus(db: Db, row: ClipJobRow, secret: string): Promise<TClipJobStatus> {
  const status = toClipJobStatus(row, secret);
  const named = (status.result?.clips ?? []).flatMap((clip) => (clip.draft_id ? [clip.draft_id] : []));
  if (named.length === 0) return status;
  // A job whose workspace was deleted keeps no drafts (they went with it).
  const kept = row.workspaceId
    ? await db.selectFrom('draft').select('id').where('workspaceId', '=', row.workspaceId).where('id', 'in', named).execute()
    : [];
  const live = new Set(kept.map((d) => d.id));
  for (const clip of status.result?.clips ?? []) if (clip.draft_id && !live.has(clip.draft_id)) clip.draft_id = null;
  return status;
}

/** A job stopped by a shutdown goes back to the queue, to run again from the start. */
export async function requeueClipJob(db: Db, id: string): Promise<void> {
  await db
    .updateTable('clipJob')
    .set({ status: 'queued', stage: 'queued', percent: 0, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** How often a running job looks for a cancel written by another process (DELETE on any instance). */
const CANCEL_POLL_MS = 1000;
/** Jobs running in this process, so a DELETE served here stops them at once rather than at the next look. */
const watching = new Map<string, AbortController>();

/** Stops a job if this process runs it; other processes notice the cancelled row within a second. */
export function cancelClipJobHere(id: string): void {
  watching.get(id)?.abort(new DOMException('The job was cancelled', 'AbortError'));
}

/** Aborts `signal` once the job is cancelled here or its row says cancelled (or is gone); `stop()` ends the watch. */
export function watchClipCancel(db: Db, id: string): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  watching.set(id, controller);
  const timer = setInterval(() => {
    db.selectFrom('clipJob')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.status === 'cancelled') controller.abort(new DOMException('The job was cancelled', 'AbortError'));
      })
      .catch(() => {
        // A failed look (database busy) is retried at the next tick.
      });
  }, CANCEL_POLL_MS);
  timer.unref();
  return {
    signal: controller.signal,
    stop: () => {
      clearInterval(timer);
      watching.delete(id);
    },
  };
}
