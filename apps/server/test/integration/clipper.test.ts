import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIP_RETENTION_SECONDS } from '@hookline/shared';
import { signUpAs, type ApiCaller } from '../support/admin.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/test-app.ts';
import { makeOtherContainer, makeTestVideo, TEST_VIDEO } from '../clipper/make-test-video.ts';
import { probeDurations } from '../clipper/media-helpers.ts';
import { postProcess, waitForClipJob } from '../clipper/post-process.ts';

describe('video clipper API', () => {
  let t: TestApp;
  let ana: ApiCaller;
  let bo: ApiCaller;
  let video: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ JOB_POLL_MS: '50', CLIPPER_MAX_UPLOAD_BYTES: String(20 * 1024 * 1024) });
    ana = await signUpAs(t, 'ana@clips.test');
    bo = await signUpAs(t, 'bo@clips.test');
    video = fs.readFileSync((await makeTestVideo()).mp4);
  }, 60_000);
  afterAll(() => t?.close());

  const process = (who: ApiCaller, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) =>
    postProcess(t, who, fields, file);

  it('runs synchronously: clips of exactly clip_duration over the loud parts, with the known text and a working signed download', async () => {
    const response = await process(
      ana,
      { input_type: 'Upload Video File', clip_duration: '15', num_clips: '2', add_subtitles: 'true' },
      { bytes: video, name: 'talk.mp4' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.status_message).toMatch(/^Generated 2 clips\./);
    // Title and uploader come from the container's tags.
    expect(result.metadata).toEqual({ title: TEST_VIDEO.title, uploader: TEST_VIDEO.uploader, duration: TEST_VIDEO.durationSec });
    expect(result.expires_in_seconds).toBeGreaterThan(CLIP_RETENTION_SECONDS - 60);
    expect(result.clips).toHaveLength(2);
    const [first, second] = result.clips;
    expect(first.virality_score).toBeGreaterThanOrEqual(second.virality_score);
    for (const clip of result.clips) {
      expect(clip.duration).toBe(15);
      expect(clip.source_video).toBe('talk.mp4');
      expect(clip.file_name).toMatch(/\.mp4$/);
      const overlapsLoud = TEST_VIDEO.loud.some((loud) => loud.start < clip.end_time && loud.end > clip.start_time);
      expect(overlapsLoud).toBe(true);
    }
    expect(first.end_time <= second.start_time || second.end_time <= first.start_time).toBe(true);
    expect(result.clips.map((c: { text_preview: string }) => c.text_preview).join(' ')).toMatch(/secret|breakfast|wasting time/i);

    // The signed link works without a session; a tampered one does not.
    const download = await t.app.inject({ url: first.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    const file = `${t.dataDir}/clip-download.mp4`;
    fs.writeFileSync(file, download.rawPayload);
    expect(Math.abs((await probeDurations(file)).video - 15)).toBeLessThanOrEqual(1 / TEST_VIDEO.fps + 0.01);
    expect((await t.app.inject({ url: first.download_url.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
    // Players seek with byte ranges.
    const part = await t.app.inject({ url: first.download_url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${download.rawPayload.length}`);
    expect(part.rawPayload).toEqual(download.rawPayload.subarray(100, 200));
    expect((await t.app.inject({ url: first.download_url, headers: { range: 'bytes=99999999-' } })).statusCode).toBe(416);
  }, 120_000);

  it('runs asynchronously: 202 with a job id, status with stage and percent, events, only for its owner', async () => {
    const response = await process(
      ana,
      { clip_duration: '15', num_clips: '1', add_subtitles: 'false', async: 'true' },
      { bytes: video, name: 'talk.mp4' },
    );
    expect(response.statusCode, response.body).toBe(202);
    const { job_id } = response.json();
    expect((await bo.get(`/api/clipper/jobs/${job_id}`)).statusCode).toBe(404);
    expect(['queued', 'running', 'done']).toContain((await ana.get(`/api/clipper/jobs/${job_id}`)).json().status);
    const status = await waitForClipJob(ana, job_id);
    expect(status).toMatchObject({ status: 'done', stage: 'done', percent: 100 });
    expect(status.result.clips).toHaveLength(1);
    const events = await ana.get(`/api/clipper/jobs/${job_id}/events`);
    expect(events.headers['content-type']).toBe('text/event-stream');
    expect(events.body).toContain('"status":"done"');

    // Two hours later (the clock moved forward; timers stay real) the runner's purge job removes files and row.
    const download = status.result.clips[0].download_url;
    expect(fs.existsSync(`${t.dataDir}/clipper/${job_id}`)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (CLIP_RETENTION_SECONDS + 60) * 1000);
      // The signed link has expired by now even before the purge.
      expect((await t.app.inject({ url: download })).statusCode).toBe(403);
      const deadline = performance.now() + 15_000;
      while ((await ana.get(`/api/clipper/jobs/${job_id}`)).statusCode !== 404 && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      vi.useRealTimers();
    }
    expect((await ana.get(`/api/clipper/jobs/${job_id}`)).statusCode).toBe(404);
    expect(fs.existsSync(`${t.dataDir}/clipper/${job_id}`)).toBe(false);
    expect((await t.app.inject({ url: download })).statusCode).toBe(404);
  }, 120_000);

  it('cancels a running job and removes its files', async () => {
    const response = await process(ana, { clip_duration: '15', num_clips: '3', async: 'true' }, { bytes: video, name: 'talk.mp4' });
    const { job_id } = response.json();
    expect((await ana.del(`/api/clipper/jobs/${job_id}`)).statusCode).toBe(204);
    const finalStatus = await waitForClipJob(ana, job_id);
    expect(finalStatus.status, JSON.stringify(finalStatus)).toBe('cancelled');
    expect(fs.existsSync(`${t.dataDir}/clipper/${job_id}`)).toBe(false);
  }, 60_000);

  it('purges a job cancelled before it started', async () => {
    // A queued job whose run is held back, as if the runners were busy.
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await t.db
      .insertInto('clipJob')
      .values({ id: 'waiting-job', userId: ana.userId, status: 'queued', stage: 'queued', params: '{}', createdAt: now, updatedAt: now })
      .execute();
    await t.db
      .insertInto('job')
      .values({
        id: 'waiting-run',
        type: 'clipper.run',
        payload: JSON.stringify({ jobId: 'waiting-job' }),
        status: 'pending',
        maxAttempts: 1,
        runAt: later,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await ana.del('/api/clipper/jobs/waiting-job')).statusCode).toBe(204);
    // Its turn comes: nothing runs, the purge is queued for two hours after the cancel.
    await t.db.updateTable('job').set({ runAt: now }).where('id', '=', 'waiting-run').execute();
    const purge = () =>
      t.db
        .selectFrom('job')
        .select('runAt')
        .where('type', '=', 'clipper.purge')
        .where('payload', 'like', '%waiting-job%')
        .executeTakeFirst();
    const deadline = Date.now() + 10_000;
    while (!(await purge()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const queued = await purge();
    expect(queued).toBeDefined();
    expect(Date.parse(queued!.runAt)).toBeGreaterThan(Date.now() + (CLIP_RETENTION_SECONDS - 120) * 1000);
    expect((await t.db.selectFrom('job').select('status').where('id', '=', 'waiting-run').executeTakeFirstOrThrow()).status).toBe('done');
  });

  it('answers { detail } with the SPEC texts and a 400 naming each bad parameter', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ input_type: 'Upload Video File' }, 400, 'Please choose a video file to upload.'],
      [{ input_type: 'YouTube URL' }, 400, 'Please enter a YouTube URL.'],
      [
        { input_type: 'YouTube URL', youtube_url: 'https://vimeo.com/1' },
        400,
        'youtube_url must be a YouTube link (youtube.com or youtu.be)',
      ],
      [{ input_type: 'Fax' }, 400, 'input_type must be one of: Upload Video File, YouTube URL'],
      [{ clip_duration: '17' }, 400, 'clip_duration must be 15 to 90 seconds in steps of 5'],
      [{ clip_duration: '95' }, 400, 'clip_duration must be 15 to 90 seconds in steps of 5'],
      [{ num_clips: '6' }, 400, 'num_clips must be 1 to 5'],
      [{ num_clips: 'two' }, 400, 'num_clips must be a whole number'],
      [{ add_subtitles: 'yes' }, 400, 'add_subtitles must be true or false'],
    ];
    for (const [fields, status, detail] of cases) {
      const response = await process(
        ana,
        fields,
        fields.input_type === 'Upload Video File' || fields.input_type ? undefined : { bytes: video, name: 'v.mp4' },
      );
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().detail).toBe(detail);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/process', headers: ORIGIN });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the container from the bytes: a renamed text file and an AVI are 415; an upload over the limit is 413', async () => {
    const text = await process(ana, {}, { bytes: Buffer.from('this is not a video'), name: 'fake.mp4' });
    expect(text.statusCode).toBe(415);
    const avi = fs.readFileSync(await makeOtherContainer(t.dataDir, 'avi'));
    const refused = await process(ana, {}, { bytes: avi, name: 'old.avi' });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().detail).toBeTruthy();
    const big = await process(ana, {}, { bytes: Buffer.alloc(21 * 1024 * 1024, 7), name: 'huge.mp4' });
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toMatch(/or smaller/);
    expect(fs.readdirSync(`${t.dataDir}/clipper`).length).toBeLessThanOrEqual(3);
  }, 60_000);

  it('fails a job cleanly when the process that ran it died (the runner hands it over again)', async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto('clipJob')
      .values({ id: 'orphan-job', userId: ana.userId, status: 'running', stage: 'rendering', params: '{}', createdAt: now, updatedAt: now })
      .execute();
    await t.db
      .insertInto('job')
      .values({
        id: 'orphan-run',
        type: 'clipper.run',
        payload: JSON.stringify({ jobId: 'orphan-job' }),
        status: 'pending',
        maxAttempts: 1,
        runAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const status = await waitForClipJob(ana, 'orphan-job', (s) => s.status !== 'running', 10_000);
    expect(status).toMatchObject({ status: 'failed', detail: 'The server restarted while this job ran. Please try again.' });
  });

  it('lets an account have two jobs in progress at once, no more', async () => {
    const cy = await signUpAs(t, 'cy@clips.test');
    const now = new Date().toISOString();
    for (const id of ['busy-1', 'busy-2'])
      await t.db
        .insertInto('clipJob')
        .values({ id, userId: cy.userId, status: 'running', stage: 'rendering', params: '{}', createdAt: now, updatedAt: now })
        .execute();
    const refused = await process(cy, { async: 'true' }, { bytes: video, name: 'talk.mp4' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('You already have 2 clip jobs in progress. Wait for one to finish or cancel it.');
    expect((await cy.del('/api/clipper/jobs/busy-1')).statusCode).toBe(204);
    const accepted = await process(cy, { async: 'true', num_clips: '1', clip_duration: '15' }, { bytes: video, name: 'talk.mp4' });
    expect(accepted.statusCode, accepted.body).toBe(202);
    await waitForClipJob(cy, accepted.json().job_id);
  }, 60_000);

  it('tells the browser whether the clipper is on', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json().clipper).toEqual({ enabled: true, baseUrl: '' });
  });
});
