import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../../src/lib/file-store.ts';
import { createAdminTestApp, signUpAs, type AdminTestApp, type ApiCaller } from '../support/admin.ts';
import { storedKeys } from '../support/file-store-drivers.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { sendInWorkspace, testPng } from '../support/workspace-caller.ts';
import { makeTestVideo } from '../clipper/make-test-video.ts';
import { postProcess } from '../clipper/post-process.ts';

/**
 * The app with S3_BUCKET set, on a local S3-compatible server: every kind of file goes to the
 * bucket and comes back through the app (whole and by byte range), and nothing lands in DATA_DIR.
 */
describe('files on S3', () => {
  let s3: S3Server;
  let a: AdminTestApp;
  let ana: ApiCaller;
  const t = () => a.t;
  const bucketKeys = () => storedKeys(createFileStore(a.t.config));
  /** Files under DATA_DIR/files, where the disk driver would have put them. */
  const filesOnDisk = () => {
    const dir = path.join(a.t.dataDir, 'files');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
  };
  beforeAll(async () => {
    s3 = await startS3Server();
    a = await createAdminTestApp(s3.env);
    ana = await signUpAs(a.t, 'ana@s3.test');
  }, 60_000);
  afterAll(async () => {
    await a?.t.close();
    await s3?.close();
  });

  it('keeps avatars, draft media and request attachments in the bucket, and serves them back', async () => {
    const png = await testPng('#3366aa', 64, 64);
    const avatar = await sendInWorkspace(t(), null, ana, 'POST', '/api/me/avatar', {
      multipart: [{ name: 'file', file: png, filename: 'me.png', type: 'image/png' }],
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const avatarServed = await t().app.inject({ url: avatar.json().url });
    expect([avatarServed.statusCode, avatarServed.headers['content-type']]).toEqual([200, 'image/png']);

    const draft = (await ana.post('/api/drafts', { type: 'reel', text: 'On S3' })).json();
    const { mp4 } = await makeTestVideo();
    const video = fs.readFileSync(mp4);
    const media = await sendInWorkspace(t(), null, ana, 'POST', `/api/drafts/${draft.id}/media`, {
      multipart: [{ name: 'file', file: video, filename: 'talk.mp4', type: 'video/mp4' }],
    });
    expect(media.statusCode, media.body).toBe(200);
    expect(media.json().media).toMatchObject({ type: 'video/mp4', name: 'talk.mp4' });
    const whole = await ana.get(`/api/drafts/${draft.id}/media`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await t().app.inject({ url: `/api/drafts/${draft.id}/media`, headers: { cookie: ana.cookie, range: 'bytes=1000-1999' } });
    expect([part.statusCode, part.headers['content-range']]).toEqual([206, `bytes 1000-1999/${video.length}`]);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const request = (await ana.post('/api/requests', { type: 'support', subject: 'A file', description: 'Attached' })).json();
    const attached = await sendInWorkspace(t(), null, ana, 'POST', `/api/requests/${request.id}/attachments`, {
      multipart: [{ name: 'file', file: png, filename: 'brief.png', type: 'image/png' }],
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const attachment = attached.json();
    const served = await ana.get(`/api/requests/${request.id}/attachments/${attachment.id}`);
    expect(served.rawPayload.equals(png)).toBe(true);
    // Sizes past 2 GiB fit (a 64-bit column on PostgreSQL too).
    await a.t.db.updateTable('requestAttachment').set({ size: 3_000_000_000 }).where('id', '=', attachment.id).execute();
    expect((await ana.get(`/api/requests/${request.id}`)).json().attachments[0].size).toBe(3_000_000_000);

    const keys = await bucketKeys();
    expect(keys.filter((k) => k.startsWith('avatars/'))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith(`drafts/`))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith(`requests/`))).toHaveLength(1);
    expect(filesOnDisk()).toEqual([]);
  });

  it('runs a clip job from a source in the bucket, serves its clips from there, and removes them when the job is deleted', async () => {
    const video = fs.readFileSync((await makeTestVideo()).mp4);
    const response = await postProcess(t(), ana, { clip_duration: '15', num_clips: '1' }, { bytes: video, name: 'talk.mp4' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    const keys = await bucketKeys();
    // The source went up to the bucket and was read back from there for the render; once the clips
    // are made it is no longer needed.
    expect(keys.filter((k) => k.startsWith(`clipper/${result.job_id}/`))).toEqual([
      `clipper/${result.job_id}/clips/${result.clips[0].file_name}`,
    ]);

    const url = result.clips[0].download_url;
    const clip = await t().app.inject({ url });
    expect([clip.statusCode, clip.headers['content-type']]).toEqual([200, 'video/mp4']);
    const tail = await t().app.inject({ url, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(clip.rawPayload.subarray(-100))).toBe(true);

    expect((await ana.del(`/api/clipper/jobs/${result.job_id}`)).statusCode).toBe(204);
    expect((await bucketKeys()).filter((k) => k.startsWith('clipper/'))).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it("shows staff the bucket in the console's health checks", async () => {
    const overview = (await a.founder.get('/api/admin/overview')).json();
    expect(overview.health).toContainEqual({
      name: 'File store',
      status: 'healthy',
      detail: `S3 bucket ${s3.env.S3_BUCKET}: write, read and delete work`,
    });
  });
});
