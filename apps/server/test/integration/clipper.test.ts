import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIP_RETENTION_SECONDS } from '@hookline/shared';
import { signUpAs, type ApiCaller } from '../support/admin.ts';
import { collectRoutes, type RegisteredRoute } from '../support/route-list.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/test-app.ts';
import { makeOtherContainer, makeTestVideo, TEST_VIDEO } from '../clipper/make-test-video.ts';
import { probeDurations } from '../clipper/media-helpers.ts';
import { insertFinishedClipJob } from '../clipper/finished-clip-job.ts';
import { postProcess, waitForClipJob } from '../clipper/post-process.ts';

describe('video clipper API', () => {
  let t: TestApp;
  let ana: ApiCaller;
  let bo: ApiCaller;
  let video: Buffer;
  let routes: RegisteredRoute[];
  beforeAll(async () => {
    ({ result: t, routes } = await collectRoutes(() =>
      createTestApp({ JOB_POLL_MS: '50', CLIPPER_MAX_UPLOAD_BYTES: String(20 * 1024 * 1024) }),
    ));
    ana = await signUpAs(t, 'ana@clips.test');
    bo = await signUpAs(t, 'bo@clips.test');
    video = fs.readFileSync((await makeTestVideo()).mp4);
  }, 60_000);
  afterAll(() => t?.close());

  const process = (who: ApiCaller, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) =>
    postProcess(t, who, fields, file);

  /** A finished job of ana's whose one clip file holds `bytes`; returns the clip's signed download link. */
  const finishedJob = async (id: string, bytes: Buffer) => {
    const file = await insertFinishedClipJob(t, { id, userId: ana.userId, bytes });
    const status = await ana.get(`/api/clipper/jobs/${id}`);
    expect(status.statusCode, status.body).toBe(200);
    return { url: status.json().result.clips[0].download_url as string, file };
  };

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

    // The signed link works without a session; a tampered one does not (the byte ranges have their own test below).
    const download = await t.app.inject({ url: first.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    const file = `${t.dataDir}/clip-download.mp4`;
    fs.writeFileSync(file, download.rawPayload);
    expect(Math.abs((await probeDurations(file)).video - 15)).toBeLessThanOrEqual(1 / TEST_VIDEO.fps + 0.01);
    expect((await t.app.inject({ url: first.download_url.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
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
    expect(fs.existsSync(`${t.dataDir}/files/clipper/${job_id}`)).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (CLIP_RETENTION_SECONDS + 60) * 1000);
      // The signed link has expired by now even before the purge.
      expect((await t.app.inject({ url: download })).statusCode).toBe(403);
      await expect.poll(async () => (await ana.get(`/api/clipper/jobs/${job_id}`)).statusCode, { timeout: 15_000 }).toBe(404);
    } finally {
      vi.useRealTimers();
    }
    expect((await ana.get(`/api/clipper/jobs/${job_id}`)).statusCode).toBe(404);
    expect(fs.existsSync(`${t.dataDir}/files/clipper/${job_id}`)).toBe(false);
    expect((await t.app.inject({ url: download })).statusCode).toBe(404);
  }, 120_000);

  it('cancels a running job and removes its files', async () => {
    const response = await process(ana, { clip_duration: '15', num_clips: '3', async: 'true' }, { bytes: video, name: 'talk.mp4' });
    const { job_id } = response.json();
    expect((await ana.del(`/api/clipper/jobs/${job_id}`)).statusCode).toBe(204);
    const finalStatus = await waitForClipJob(ana, job_id);
    expect(finalStatus.status, JSON.stringify(finalStatus)).toBe('cancelled');
    expect(fs.existsSync(`${t.dataDir}/files/clipper/${job_id}`)).toBe(false);
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
    const queued = await vi.waitFor(
      async () => {
        const row = await purge();
        if (!row) throw new Error('no purge queued yet');
        return row;
      },
      { timeout: 10_000 },
    );
    expect(Date.parse(queued.runAt)).toBeGreaterThan(Date.now() + (CLIP_RETENTION_SECONDS - 120) * 1000);
    expect((await t.db.selectFrom('job').select('status').where('id', '=', 'waiting-run').executeTakeFirstOrThrow()).status).toBe('done');
  });

  it('answers { detail } with the texts the web app shows, and a 400 naming each bad parameter', async () => {
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

  it('serves a clip by its signed link: whole, by byte range (suffix, If-Range, 416), to HEAD, and 304 for a cached copy', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const { url, file } = await finishedJob('download-job', bytes);
    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-disposition': 'inline; filename="talk-clip-1.mp4"',
      'accept-ranges': 'bytes',
      'content-length': '1000',
    });
    expect(whole.rawPayload).toEqual(bytes);
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    // Players seek with byte ranges: a range, an open-ended one, a suffix (the last n bytes), one past the end.
    const ranges: Array<[string, number, number]> = [
      ['bytes=100-199', 100, 199],
      ['bytes=900-', 900, 999],
      ['bytes=-100', 900, 999],
      ['bytes=990-5000', 990, 999],
    ];
    for (const [range, start, end] of ranges) {
      const part = await get({ range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
      expect(part.headers['content-length'], range).toBe(String(end - start + 1));
      expect(part.headers['content-type'], range).toBe('video/mp4');
      expect(part.rawPayload, range).toEqual(bytes.subarray(start, end + 1));
    }

    // A range that starts past the end: 416 with the size, answered as the clipper's { detail }.
    const unsatisfiable = await get({ range: 'bytes=1000-' });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe('bytes */1000');
    expect(unsatisfiable.json()).toEqual({ detail: expect.any(String), error: expect.any(String) });

    // If-Range: the range while the file is still the one the ETag names, otherwise the whole file.
    const fresh = await get({ range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.rawPayload).toEqual(bytes.subarray(0, 10));
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"an-older-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(bytes);
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);

    // HEAD: the headers of the GET, without the body.
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': '1000', 'accept-ranges': 'bytes', etag });
    expect(head.rawPayload.length).toBe(0);

    // The signature binds job, clip and expiry; a link without one is malformed.
    const forged = await t.app.inject({ url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      detail: 'This download link is invalid or has expired.',
      error: 'This download link is invalid or has expired.',
    });
    expect((await t.app.inject({ url: url.replace('/1?', '/2?') })).statusCode).toBe(403);
    const unsigned = await t.app.inject({ url: url.split('?')[0] });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().detail).toMatch(/expires/);
    // A link whose file is gone (purged) says so.
    fs.rmSync(file);
    const gone = await get();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('This clip has expired.');
  });

  it('lists every clipper route in the OpenAPI document, with its parameters, body and answers', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    const json = (answer: { content: Record<string, { schema: Record<string, unknown> }> }) => answer.content['application/json'].schema;
    const errorShape = { type: 'object', required: ['detail', 'error'] };

    // Every route the clipper registers is documented, with a success answer and its failures.
    const clipperRoutes = routes.filter((r) => r.url === '/api/process' || r.url.startsWith('/api/clipper/'));
    expect(clipperRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/clipper/jobs/:id',
      'GET /api/clipper/files/:id/:n',
      'GET /api/clipper/jobs/:id',
      'GET /api/clipper/jobs/:id/events',
      'POST /api/clipper/jobs/:id/clips/:n/draft',
      'POST /api/clipper/jobs/:id/drafts',
      'POST /api/process',
    ]);
    for (const route of clipperRoutes) {
      const operation = paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, route.url).toBeDefined();
      expect(operation.tags, route.url).toEqual(['clipper']);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        route.url,
      ).toBe(true);
      expect(json(operation.responses[404] ?? operation.responses[400]), route.url).toMatchObject(errorShape);
    }

    // POST /api/process: the multipart fields, the snake_case answers, { detail } failures.
    const process = paths['/api/process'].post;
    const fields = process.requestBody.content['multipart/form-data'].schema.properties;
    expect(Object.keys(fields).sort()).toEqual([
      'add_subtitles',
      'aspect_ratio',
      'async',
      'caption_style',
      'clip_duration',
      'input_type',
      'look_for',
      'no_face_framing',
      'num_clips',
      'video_file',
      'youtube_url',
    ]);
    expect(fields.aspect_ratio).toMatchObject({ enum: ['original', '9:16', '1:1', '4:5'], default: 'original' });
    expect(fields.caption_style).toMatchObject({ enum: ['bold', 'boxed', 'clean'], default: 'bold' });
    expect(fields.input_type).toMatchObject({ enum: ['Upload Video File', 'YouTube URL'], default: 'Upload Video File' });
    expect(fields.clip_duration).toMatchObject({ type: 'integer', minimum: 15, maximum: 90, multipleOf: 5, default: 30 });
    expect(fields.num_clips).toMatchObject({ type: 'integer', minimum: 1, maximum: 5, default: 3 });
    expect(fields.video_file).toMatchObject({ type: 'string', format: 'binary' });
    expect(json(process.responses[200]).required).toEqual(['status_message', 'clips', 'metadata', 'job_id', 'expires_in_seconds']);
    expect(json(process.responses[202]).required).toEqual(['job_id']);
    for (const status of ['400', '401', '409', '413', '415', '422', '429', '503'])
      expect(json(process.responses[status]), status).toMatchObject(errorShape);

    const job = paths['/api/clipper/jobs/{id}'];
    expect(job.get.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(json(job.get.responses[200]).required).toEqual(['job_id', 'status', 'stage', 'percent', 'result', 'detail']);
    expect(job.delete.responses).toHaveProperty('204');
    expect(paths['/api/clipper/jobs/{id}/events'].get.responses[200].content).toHaveProperty('text/event-stream');

    const files = paths['/api/clipper/files/{id}/{n}'].get;
    expect(files.parameters.map((p: { in: string; name: string }) => `${p.in} ${p.name}`).sort()).toEqual([
      'path id',
      'path n',
      'query expires',
      'query sig',
    ]);
    expect(files.responses[200].content['video/mp4'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(files.responses[206].content).toHaveProperty('video/mp4');
    for (const status of ['403', '404', '416']) expect(json(files.responses[status]), status).toMatchObject(errorShape);
  });
});
