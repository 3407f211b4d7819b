import fs from 'node:fs';
import path from 'node:path';
import { CLIP_RETENTION_SECONDS } from '@hookline/shared';
import type { StoredClip, StoredResult } from '../../src/modules/clipper/clip-job-store.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * A finished clip job as the job runner leaves it: its row with one 9:16 clip and the clip's file
 * (holding `bytes`) in the file store. Returns the file's path.
 */
export async function insertFinishedClipJob(
  t: Pick<TestApp, 'db' | 'dataDir'>,
  job: { id: string; userId: string; workspaceId?: string | null; bytes: Buffer },
): Promise<string> {
  const now = new Date();
  const clip: StoredClip = {
    ...{ clip_number: 1, virality_score: 8, start_time: 0, end_time: 15, duration: 15, text_preview: 'Hello there.' },
    ...{ source_video: 'talk.mp4', file_name: 'talk-clip-1.mp4', aspect_ratio: '9:16', draft_id: null, transcript: 'Hello there.' },
    ...{ width: 404, height: 720, durationSeconds: 15, hasAudio: true, size: job.bytes.length },
  };
  const result: StoredResult = {
    status_message: 'Generated 1 clip.',
    clips: [clip],
    metadata: { title: 'Talk', uploader: 'Ana', duration: 60 },
    job_id: job.id,
  };
  await t.db
    .insertInto('clipJob')
    .values({
      ...{ id: job.id, userId: job.userId, workspaceId: job.workspaceId ?? null, status: 'done', stage: 'done', percent: 100 },
      ...{ params: '{}', result: JSON.stringify(result), createdAt: now.toISOString(), updatedAt: now.toISOString() },
      finishedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + CLIP_RETENTION_SECONDS * 1000).toISOString(),
    })
    .execute();
  const file = path.join(t.dataDir, 'files', 'clipper', job.id, 'clips', clip.file_name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, job.bytes);
  return file;
}
