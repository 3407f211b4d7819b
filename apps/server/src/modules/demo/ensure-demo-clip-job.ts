import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TClipJobResponse } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { demoApi } from './demo-api.ts';
import { makeDemoVideo } from './make-demo-video.ts';
import { DEMO_CLIENT } from './seed-demo-client.ts';

/** A finished job with less time left than this is replaced, so the clips outlast a demo session. */
export const DEMO_CLIP_JOB_MIN_LEFT_MS = 60 * 60 * 1000;

/**
 * Gives the demo client a finished clip job, made by the real clipper from a generated video. Clips
 * are purged two hours after their job ends, as in the product, so every start of the demo makes a
 * new job once the last one is about to go. Answers the job's id, or null where there is no demo
 * client or this process does not run the clipper.
 */
export async function ensureDemoClipJob(
  app: FastifyInstance,
  db: Db,
  config: Pick<AppConfig, 'baseUrl' | 'CLIPPER_ENABLED' | 'RUN_JOBS' | 'FFMPEG_PATH'>,
): Promise<string | null> {
  if (!config.CLIPPER_ENABLED || !config.RUN_JOBS) return null;
  const user = await db.selectFrom('user').select('id').where('email', '=', DEMO_CLIENT.email).executeTakeFirst();
  if (!user) return null;
  const live = await db
    .selectFrom('clipJob')
    .select('id')
    .where('userId', '=', user.id)
    .where('status', '=', 'done')
    .where('expiresAt', '>', new Date(Date.now() + DEMO_CLIP_JOB_MIN_LEFT_MS).toISOString())
    .executeTakeFirst();
  if (live) return live.id;

  const api = demoApi(app, config.baseUrl);
  const cookie = await api.signIn(DEMO_CLIENT);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-demo-video-'));
  try {
    const video = await makeDemoVideo(dir, config.FFMPEG_PATH);
    const form = new FormData();
    form.append('input_type', 'Upload Video File');
    form.append('clip_duration', '15');
    form.append('num_clips', '2');
    form.append('add_subtitles', 'true');
    // As the page makes them by default: vertical clips for Shorts, Reels and TikTok.
    form.append('aspect_ratio', '9:16');
    form.append('video_file', new Blob([await fs.readFile(video)], { type: 'video/mp4' }), path.basename(video));
    const body = new Response(form);
    // Without async the answer waits for the clips.
    const response = await api.call('POST', '/api/process', Buffer.from(await body.arrayBuffer()), {
      cookie,
      headers: { 'content-type': body.headers.get('content-type') ?? '' },
    });
    return (response.json() as TClipJobResponse).job_id;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
