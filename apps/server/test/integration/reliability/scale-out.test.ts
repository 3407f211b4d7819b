import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.ts';
import { onboardingData } from '../../support/admin.ts';
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

const FOUNDER = 'founder@scale.test';
const SUBMISSIONS = 30;
const PUBLISHES = 6;

interface Delivery {
  eventId: string;
  status: number;
  /** The process that made the attempt (the connection's owner). */
  pid: number | undefined;
}

/**
 * A webhook receiver that refuses the first attempt of every event (500) and accepts the next, so
 * each event is claimed twice by the runners, and notes which process made each attempt.
 */
async function startReceiver(pids: () => number[]) {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const pid = processOfConnection(req.socket.remotePort ?? 0, pids());
    req.resume();
    req.on('end', () => {
      const eventId = String(req.headers['webhook-id']);
      const status = deliveries.some((d) => d.eventId === eventId) ? 200 : 500;
      deliveries.push({ eventId, status, pid });
      // A real delay on purpose: a receiver that takes a moment to answer, as real ones do, so that
      // deliveries by different runners overlap in time.
      setTimeout(() => res.writeHead(status).end(), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('scale-out: two app instances and a worker on one database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-scale-'));
  const processes: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares sessions, runs every job once and delivers each webhook event once', async () => {
    const receiver = await startReceiver(() => processes.map((p) => p.pid));
    cleanups.push(receiver.close);
    const { target, drop } = await createTestDatabase(dataDir);
    cleanups.push(drop);
    const inspector = openDatabase(target);
    cleanups.push(() => inspector.close());
    // One DATA_DIR for all (a shared volume): uploads and clip files are seen by every process.
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(target),
      FOUNDER_EMAIL: FOUNDER,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '20',
      JOB_POLL_MS: '50',
      SIGNIN_RATE_LIMIT: '100000',
      ONBOARDING_RATE_LIMIT: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    // All three start together on the fresh database, as an orchestrator starts them.
    const start = async (options: Parameters<typeof startServerProcess>[0]) => {
      const started = await startServerProcess(options);
      processes.push(started); // at once: if another fails to start, this one is still stopped afterwards
      return started;
    };
    const [a, b, worker] = await Promise.all([
      start({ env: { ...env, RUN_JOBS: 'true' } }),
      start({ env: { ...env, RUN_JOBS: 'false' } }),
      start({ entry: 'worker', env }),
    ]);

    // A session made on one instance works on the other, both ways.
    const founderCookie = await signUpRemote(a.url, FOUNDER);
    expect(await remoteCaller(b.url, founderCookie)('GET', '/api/me')).toMatchObject({ status: 200, body: { email: FOUNDER } });
    const onB = await signInRemote(b.url, FOUNDER);
    expect(onB.status).toBe(200);
    expect((await remoteCaller(a.url, onB.cookie)('GET', '/api/me')).status).toBe(200);

    const client = remoteCaller(b.url, await signUpRemote(b.url, 'writer@scale.test'));
    const saved = await remoteCaller(b.url, founderCookie)('PUT', '/api/admin/settings', {
      supportEmail: 'help@scale.test',
      webhookUrl: receiver.url,
      brandHue: 212,
      allowSelfSignup: true,
    });
    expect(saved.status).toBe(200);

    // Events from both instances at once, and drafts published now through B (by the scheduler of A or the worker).
    const submissions = Array.from({ length: SUBMISSIONS }, (_, i) =>
      remoteCaller(i % 2 === 0 ? a.url : b.url)('POST', '/api/onboarding/submit', onboardingData({ email: `client-${i}@scale.test` })),
    );
    const publishes = Array.from({ length: PUBLISHES }, async (_, i) => {
      const draft = await client('POST', '/api/drafts', { type: 'post', text: `post ${i}` });
      return client('POST', `/api/drafts/${(draft.body as { id: string }).id}/publish`);
    });
    const answers = await Promise.all([...submissions, ...publishes]);
    expect(
      answers.filter((r) => r.status !== 200),
      a.output() + b.output(),
    ).toEqual([]);
    const openJobs = () =>
      inspector.db.selectFrom('job').select(['type', 'status']).where('status', 'in', ['pending', 'running']).execute();
    await expect.poll(openJobs, { timeout: 60_000, interval: 100, message: 'jobs still open' }).toEqual([]);

    // Every post was published once, by one runner's scheduler: one line each on the timeline.
    const published = () => inspector.db.selectFrom('draft').select('status').where('status', '=', 'published').execute();
    await expect.poll(async () => (await published()).length, { timeout: 60_000, interval: 100 }).toBe(PUBLISHES);
    const lines = await inspector.db.selectFrom('timelineEntry').select('text').where('text', 'like', 'Post published%').execute();
    expect(lines).toHaveLength(PUBLISHES);
    await expect.poll(openJobs, { timeout: 60_000, interval: 100, message: 'jobs still open' }).toEqual([]);

    // Every job ran to the end, each attempt claimed by one runner: deliveries took two attempts (500, then 200).
    const jobs = await inspector.db.selectFrom('job').select(['type', 'status', 'attempts', 'payload']).execute();
    const webhookJobs = jobs.filter((j) => j.type === 'webhook.deliver');
    // Each submission emits onboarding.submitted and request.created; each publish draft.published.
    expect(webhookJobs).toHaveLength(2 * SUBMISSIONS + PUBLISHES);
    expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
    expect(webhookJobs.map((j) => j.attempts)).toEqual(webhookJobs.map(() => 2));

    // Each event reached the receiver exactly once successfully, after exactly one refused attempt.
    const eventIds = webhookJobs.map((j) => (JSON.parse(j.payload) as { eventId: string }).eventId).sort();
    expect([...new Set(receiver.deliveries.map((d) => d.eventId))].sort()).toEqual(eventIds);
    for (const id of eventIds) expect(receiver.deliveries.filter((d) => d.eventId === id).map((d) => d.status)).toEqual([500, 200]);

    // The runners shared the work: A (RUN_JOBS=true) and the worker; B (RUN_JOBS=false) ran nothing.
    const by = (p: ServerProcess) => receiver.deliveries.filter((d) => d.pid === p.pid).length;
    console.log(
      `scale-out (${target.kind}): ${receiver.deliveries.length} delivery attempts for ${webhookJobs.length} events ` +
        `by instance A ${by(a)}, worker ${by(worker)}, instance B ${by(b)}; ${PUBLISHES} publishes`,
    );
    expect(receiver.deliveries.filter((d) => d.pid === undefined)).toEqual([]);
    expect(by(b)).toBe(0);
    expect(by(a)).toBeGreaterThan(0);
    expect(by(worker)).toBeGreaterThan(0);

    // All three stop cleanly.
    expect(await Promise.all(processes.map((p) => p.stop('SIGTERM')))).toEqual(processes.map(() => ({ code: 0, signal: null })));
  }, 180_000);
});
