import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.ts';
import { checkSqliteIntegrity } from '../../../src/modules/backup/backup-manifest.ts';
import { makeTestVideo } from '../../clipper/make-test-video.ts';
import { postProcessRemote, waitForRemoteClipJob } from '../../clipper/post-process.ts';
import { checkMediaReadBack, createBalancer, startMediaLoad, startReadLoad, type Balancer } from '../../support/instance-load.ts';
import { fetchFileRemote } from '../../support/remote-files.ts';
import { startS3Server } from '../../support/s3-server.ts';
import { bundleServer } from '../../support/server-bundle.ts';
import {
  databaseUrl,
  processOfConnection,
  remoteCaller,
  signInRemote,
  signUpRemote,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process.ts';
import { createTestDatabase } from '../../support/test-app.ts';
import { findLostWrites, LOAD_FOUNDER, startWriteLoad, WRITE_LOAD_ENV } from '../../support/write-load.ts';

const FOUNDER = 'founder@scale.test';
/** Given to every process: without it each would make a secret of its own, and no session or signed link would cross. */
const AUTH_SECRET = 'scale-out-test-secret-shared-by-every-process';
const WRITES_BEFORE_KILL = 40;
const WRITES_AFTER_KILL = 40;
/** Uploads acknowledged by A before the kill, and by the survivor after it. */
const UPLOADS_BEFORE_KILL = 2;
const UPLOADS_AFTER_KILL = 1;
const SCHEDULED = 4;
const PUBLISHES = 3;
const CLIP_FIELDS = { clip_duration: '15', num_clips: '1', async: 'true' };

/** A queued webhook event (the job's payload), with the ids this test looks for in its data. */
interface WebhookEvent {
  eventId: string;
  type: string;
  data: { draftId?: string; request?: { id: string }; note?: { id: string } };
}

interface Delivery {
  eventId: string;
  status: number;
  /** The process that made the attempt (the connection's owner). */
  pid: number | undefined;
}

/**
 * A webhook receiver that refuses the first attempt of every event (500) and accepts the next, so
 * each event is claimed twice by the runner, and notes which process made each attempt.
 */
async function startReceiver(pids: () => number[]) {
  const deliveries: Delivery[] = [];
  // Once per connection, not per request: a lookup reads /proc, and the runner keeps its connections alive.
  const owners = new WeakMap<Socket, number | undefined>();
  const server = http.createServer((req, res) => {
    if (!owners.has(req.socket)) owners.set(req.socket, processOfConnection(req.socket.remotePort ?? 0, pids()));
    const pid = owners.get(req.socket);
    req.resume();
    req.on('end', () => {
      const eventId = String(req.headers['webhook-id']);
      const status = deliveries.some((d) => d.eventId === eventId) ? 200 : 500;
      deliveries.push({ eventId, status, pid });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async (condition: () => boolean, message: string) => {
  await expect.poll(condition, { timeout: 60_000, interval: 20, message }).toBe(true);
};

/** A draft of `cookie`'s client, published now or scheduled `dueInMs` ahead, made on the instances the balancer picks. */
async function sendPost(balancer: Balancer, cookie: string, text: string, dueInMs: number | null): Promise<string> {
  const call = remoteCaller(balancer.next, cookie);
  const draft = await call('POST', '/api/drafts', { type: 'post', text });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const id = (draft.body as { id: string }).id;
  const moved =
    dueInMs === null
      ? await call('POST', `/api/drafts/${id}/publish`)
      : await call('POST', `/api/drafts/${id}/schedule`, { at: new Date(Date.now() + dueInMs).toISOString() });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return id;
}

describe('scale-out: two app instances and a worker on one database, files on S3', () => {
  const processes: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const folders: string[] = [];
  const folder = (name: string) => {
    const created = fs.mkdtempSync(path.join(os.tmpdir(), `hookline-scale-${name}-`));
    folders.push(created);
    return created;
  };
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const created of folders) fs.rmSync(created, { recursive: true, force: true });
  });

  it('shares sessions and files, keeps every acknowledged write through a SIGKILL, runs every job and post once', async () => {
    const startedAt = performance.now();
    const [s3, receiver, { target, drop }, video] = await Promise.all([
      startS3Server(),
      startReceiver(() => processes.map((p) => p.pid)),
      createTestDatabase(folder('db')),
      makeTestVideo().then(({ mp4 }) => fs.readFileSync(mp4)),
      // Meanwhile: the bundle the three processes run is made once per test process.
      bundleServer(),
    ]);
    cleanups.push(s3.close, receiver.close, drop);
    const inspector = openDatabase(target);
    cleanups.push(() => inspector.close());
    // Each process has a data folder of its own: files travel between them only through the bucket.
    const env = {
      ...WRITE_LOAD_ENV,
      ...s3.env,
      DATABASE_URL: databaseUrl(target),
      AUTH_SECRET,
      FOUNDER_EMAIL: `${FOUNDER},${LOAD_FOUNDER}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '20',
      JOB_POLL_MS: '50',
    };
    // All three start together on the fresh database, as an orchestrator starts them.
    const start = async (options: Parameters<typeof startServerProcess>[0]) => {
      const started = await startServerProcess(options);
      processes.push(started); // at once: if another fails to start, this one is still stopped afterwards
      return started;
    };
    const dataDirs = { a: folder('a'), b: folder('b'), worker: folder('worker') };
    const [a, b, worker] = await Promise.all([
      start({ env: { ...env, DATA_DIR: dataDirs.a, RUN_JOBS: 'false' } }),
      start({ env: { ...env, DATA_DIR: dataDirs.b, RUN_JOBS: 'false' } }),
      start({ entry: 'worker', env: { ...env, DATA_DIR: dataDirs.worker } }),
    ]);
    const startupMs = performance.now() - startedAt;
    const output = () => a.output() + b.output() + worker.output();

    // A session made on one instance works on the other, both ways.
    const founderOnA = await signUpRemote(a.url, FOUNDER);
    expect(await remoteCaller(b.url, founderOnA)('GET', '/api/me')).toMatchObject({ status: 200, body: { email: FOUNDER } });
    const founderOnB = await signInRemote(b.url, FOUNDER);
    expect(founderOnB.status).toBe(200);
    expect((await remoteCaller(a.url, founderOnB.cookie)('GET', '/api/me')).status).toBe(200);
    const saved = await remoteCaller(b.url, founderOnA)('PUT', '/api/admin/settings', {
      supportEmail: 'help@scale.test',
      webhookUrl: receiver.url,
      brandHue: 212,
      allowSelfSignup: true,
    });
    expect(saved.status).toBe(200);
    const anaOnA = await signUpRemote(a.url, 'ana@scale.test');
    const boOnB = await signUpRemote(b.url, 'bo@scale.test');

    // The load, through a balancer that sends each request to the next instance in turn: the write
    // load's founder and client, and dashboard reads by both founders and both clients; and Ana's
    // drafts with pictures, uploaded on A while it lives and each read back at once from B.
    const balancer = createBalancer([a.url, b.url]);
    const loadStartedAt = performance.now();
    const load = await startWriteLoad(balancer.next, { writersPerKind: 1, pauseMs: 50 });
    cleanups.push(() => load.stop());
    const media = startMediaLoad(balancer, anaOnA);
    const reads = startReadLoad(balancer, [
      { cookie: anaOnA, route: '/api/drafts' },
      { cookie: founderOnA, route: '/api/admin/requests' },
      { cookie: boOnB, route: '/api/requests' },
      { cookie: founderOnB.cookie, route: '/api/me' },
    ]);
    const loops = [media, reads];
    // Stopped here too when the test fails half-way (stop() again does no harm).
    for (const loop of loops) cleanups.push(() => loop.stop().catch(() => undefined));

    // Posts by both clients, published now or due in the seconds around the kill, and a clip job
    // uploaded to A (rendered while A dies); the worker alone publishes and renders.
    const clients = [anaOnA, boOnB];
    const scheduled = Array.from({ length: SCHEDULED }, (_, i) => `scheduled ${i}`);
    const publishedNow = Array.from({ length: PUBLISHES }, (_, i) => `published now ${i}`);
    const posts = await Promise.all([
      ...scheduled.map((text, i) => sendPost(balancer, clients[i % 2], text, 3000 + 1500 * i)),
      ...publishedNow.map((text, i) => sendPost(balancer, clients[i % 2], text, null)),
    ]);
    const clipOnA = await postProcessRemote(a.url, anaOnA, CLIP_FIELDS, { bytes: video, name: 'talk.mp4' });
    expect(clipOnA.status, JSON.stringify(clipOnA.body)).toBe(202);
    const clipJobId = (clipOnA.body as { job_id: string }).job_id;

    // SIGKILL A mid-load, once it has taken its share of writes and uploads and the worker is rendering.
    await waitForRemoteClipJob(remoteCaller(b.url, anaOnA), clipJobId, (s) => s.status !== 'queued');
    const uploadsTo = (url: string) => media.uploads.filter((u) => u.uploadedTo === url).length;
    await until(() => load.count() >= WRITES_BEFORE_KILL && uploadsTo(a.url) >= UPLOADS_BEFORE_KILL, 'the load before the kill');
    // As a request sets off for A, then after a real delay on purpose, of random length and not a
    // wait for anything: the kill lands on a request in flight, at any stage of it.
    await balancer.nextSentTo(a.url);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
    balancer.remove(a.url);
    const killedAtMs = performance.now() - loadStartedAt;
    expect(await a.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const atKill = { writes: load.count(), uploadsToB: uploadsTo(b.url), sentToA: balancer.sent(a.url) };

    // Sessions made on A work on B: Ana's and the founder's.
    expect(await remoteCaller(b.url, anaOnA)('GET', '/api/me')).toMatchObject({ status: 200, body: { email: 'ana@scale.test' } });
    expect((await remoteCaller(b.url, founderOnA)('GET', '/api/me')).status).toBe(200);
    // B carries the whole load now.
    await until(
      () => load.count() >= atKill.writes + WRITES_AFTER_KILL && uploadsTo(b.url) >= atKill.uploadsToB + UPLOADS_AFTER_KILL,
      'the load after the kill',
    );
    await load.stop();
    await Promise.all(loops.map((loop) => loop.stop()));
    const loadMs = performance.now() - loadStartedAt;

    expect(load.refusals, output()).toEqual([]);
    expect(media.problems, output()).toEqual([]);
    expect(reads.problems, output()).toEqual([]);
    // Only what was in flight to A when it died went unanswered: at most one request per caller.
    expect(load.cutOff()).toBeLessThanOrEqual(load.writers);
    for (const loop of loops) expect(loop.cutOff()).toBeLessThanOrEqual(1);

    // Every upload, those made through A before it died too, reads back from B byte for byte.
    for (const upload of media.uploads) expect(await checkMediaReadBack(b.url, anaOnA, upload)).toEqual([]);

    // The clip job finishes; its status and its clip come from B, a byte range too.
    const clipStatus = await waitForRemoteClipJob(remoteCaller(b.url, anaOnA), clipJobId);
    expect(clipStatus, output()).toMatchObject({ status: 'done' });
    const link = clipStatus.result!.clips[0].download_url;
    const clip = await fetchFileRemote(b.url, '', link);
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toBe('video/mp4');
    expect(clip.bytes.subarray(4, 8).toString()).toBe('ftyp');
    const part = await fetchFileRemote(b.url, '', link, { start: 1000, end: 4999 });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(clip.bytes.subarray(1000, 5000))).toBe(true);

    // Every post goes out, and the jobs queue empties.
    const published = () =>
      inspector.db.selectFrom('draft').select('id').where('id', 'in', posts).where('status', '=', 'published').execute();
    await expect.poll(async () => (await published()).length, { timeout: 60_000, interval: 100 }).toBe(posts.length);
    // A finished clip job's purge waits two hours: left out.
    const openJobs = () =>
      inspector.db
        .selectFrom('job')
        .select(['type', 'status'])
        .where('status', 'in', ['pending', 'running'])
        .where('type', '!=', 'clipper.purge')
        .execute();
    await expect.poll(openJobs, { timeout: 60_000, interval: 100, message: 'jobs still open' }).toEqual([]);

    // Every write either instance acknowledged, before and after the kill, is in the database.
    expect(await findLostWrites(inspector.db, load.acknowledged)).toEqual({ onboardingRequests: [], drafts: [], notes: [], rewrite: [] });
    const uploadedDrafts = media.uploads.map((u) => u.draftId);
    const withMedia = await inspector.db.selectFrom('draft').select(['id', 'mediaSize']).where('id', 'in', uploadedDrafts).execute();
    expect(new Map(withMedia.map((d) => [d.id, Number(d.mediaSize)]))).toEqual(
      new Map(media.uploads.map((u) => [u.draftId, u.bytes.length])),
    );
    // No process kept a file in its own folder: every file went to the bucket.
    for (const dir of Object.values(dataDirs)) expect(fs.existsSync(path.join(dir, 'files')), dir).toBe(false);

    // Each post was published once: one line on its client's timeline.
    const lines = await inspector.db.selectFrom('timelineEntry').select('text').where('text', 'like', 'Post published%').execute();
    const expectedLines = [...scheduled, ...publishedNow].map((text) => `Post published in Hookline only: ${text}`);
    expect(lines.map((l) => l.text).sort()).toEqual(expectedLines.sort());

    // Every job ran to the end once: the clip job in one attempt, each webhook delivery in two (500, then 200).
    const jobs = await inspector.db.selectFrom('job').select(['type', 'status', 'attempts', 'payload']).execute();
    const clipJobOf = (j: { payload: string }) => (JSON.parse(j.payload) as { jobId: string }).jobId;
    const ofType = (type: string) => jobs.filter((j) => j.type === type);
    expect(ofType('clipper.purge').map(clipJobOf)).toEqual([clipJobId]);
    expect(jobs.filter((j) => j.type !== 'clipper.purge' && j.status !== 'done')).toEqual([]);
    expect(ofType('clipper.run').map((j) => ({ clipJob: clipJobOf(j), attempts: j.attempts }))).toEqual([
      { clipJob: clipJobId, attempts: 1 },
    ]);
    const webhookJobs = ofType('webhook.deliver');
    expect(webhookJobs.map((j) => j.attempts)).toEqual(webhookJobs.map(() => 2));
    const events = webhookJobs.map((j) => JSON.parse(j.payload) as WebhookEvent);
    // Each post's event, each acknowledged submission's and note's, once (an event commits with its change).
    const named = (type: string, idOf: (data: WebhookEvent['data']) => string | undefined) =>
      events
        .filter((e) => e.type === type)
        .map((e) => idOf(e.data))
        .sort();
    expect(named('draft.published', (d) => d.draftId)).toEqual([...posts].sort());
    const { onboardingRequests, notes } = load.acknowledged;
    const once = (ids: string[], found: (string | undefined)[]) => ids.filter((id) => found.filter((n) => n === id).length !== 1);
    expect(
      once(
        onboardingRequests,
        named('request.created', (d) => d.request?.id),
      ),
    ).toEqual([]);
    expect(
      once(
        notes,
        named('request.note_added', (d) => d.note?.id),
      ),
    ).toEqual([]);

    // Each event reached the receiver exactly once successfully, after exactly one refused attempt.
    const eventIds = events.map((e) => e.eventId).sort();
    expect([...new Set(receiver.deliveries.map((d) => d.eventId))].sort()).toEqual(eventIds);
    for (const id of eventIds) expect(receiver.deliveries.filter((d) => d.eventId === id).map((d) => d.status)).toEqual([500, 200]);
    // The worker made every attempt: the instances (RUN_JOBS=false) ran nothing.
    expect(receiver.deliveries.filter((d) => d.pid !== worker.pid)).toEqual([]);

    console.log(
      `scale-out (${target.kind}): requests to A ${balancer.sent(a.url)}, to B ${balancer.sent(b.url)}; ` +
        `${load.count()} writes acknowledged (${load.count() - atKill.writes} after the kill), ${media.uploads.length} uploads, ` +
        `${reads.reads()} reads, ${posts.length} posts, 1 clip job, ${eventIds.length} webhook events; ` +
        `A SIGKILLed at ${(killedAtMs / 1000).toFixed(1)} s of ${(loadMs / 1000).toFixed(1)} s of load, after ${atKill.sentToA} requests, ` +
        `${load.cutOff() + media.cutOff() + reads.cutOff()} cut off; start-up ${(startupMs / 1000).toFixed(1)} s, ` +
        `total ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );

    // The survivor and the worker stop cleanly; SQLite's own checks pass on the file A died writing to.
    expect(await Promise.all([b.stop('SIGTERM'), worker.stop('SIGTERM')])).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    if (target.kind === 'sqlite') expect(await checkSqliteIntegrity(inspector.db)).toEqual(['ok']);
  }, 180_000);
});
