import { CLIP_RETENTION_SECONDS, type TClipJobResponse, type TClipJobStatus, type TClipStage } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { ClipJobTable } from '../../db/schema.ts';

export type ClipJobRow = Selectable<ClipJobTable>;
import { ClipperError } from './clipper-error.ts';
import type { ClipParams } from './clip-params.ts';
import { signClipUrl } from './sign-clip-url.ts';

/** What a finished job keeps: the response without its signed URLs (those are made per request). */
export type StoredResult = Omit<TClipJobResponse, 'clips' | 'expires_in_seconds'> & {
  clips: Array<Omit<TClipJobResponse['clips'][number], 'download_url'>>;
};

export async function getClipJob(db: Db, id: string, userId: string): Promise<ClipJobRow> {
  const row = await db.selectFrom('clipJob').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  if (!row) throw new ClipperError(404, 'Clip job not found (it may have expired).');
  return row;
}

export async function createClipJob(
  db: Db,
  input: { id: string; userId: string; params: ClipParams & { sourcePath: string | null } },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('clipJob')
    .values({
      id: input.id,
      userId: input.userId,
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
      clips: stored.clips.map((clip) => ({
        ...clip,
        download_url: signClipUrl(secret, { jobId: row.id, clipNumber: clip.clip_number, expiresAt }),
      })),
      expires_in_seconds: Math.max(0, expiresAt - Math.floor(now / 1000)),
    };
  }
  return { job_id: row.id, status: row.status, stage: row.stage as TClipStage, percent: row.percent, result, detail: row.detail };
}
