import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueJob, JobRunner, type JobContext } from '../../src/lib/jobs/job-queue.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Two runners on one database stand for two processes (app instances or workers) sharing the queue. */
describe('job runner across processes', () => {
  let t: TestApp;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    // The app's own runner stays off: only the runners made here take jobs.
    t = await createTestApp({ RUN_JOBS: 'false' });
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const runner = (lockMs: number) => {
    const r = new JobRunner({ db: t.db, kind: t.target.kind, log: pino({ level: 'silent' }), pollMs: 20, retryBaseMs: 10, lockMs });
    runners.push(r);
    return r;
  };
  const jobRow = (id: string) => t.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Polls the database until the job has `status` (a runner's poll and a database round trip may take a while on a busy machine). */
  const untilStatus = (id: string, status: string) =>
    expect.poll(async () => (await jobRow(id)).status, { timeout: 15_000, interval: 20 }).toBe(status);

  it('renews the lock of a job that runs longer than the lock, so no other runner takes it over', async () => {
    // The runners read the time from Date, which the test sets (vi.setSystemTime without fake
    // timers: Date stands still, timers run): the lock runs out when the test says, not when a busy
    // machine happens to be slow.
    const start = Date.now();
    vi.setSystemTime(start);
    const runs: string[] = [];
    let finish = () => {};
    const slow = async (_payload: unknown, job: JobContext) => {
      runs.push(job.id);
      await new Promise<void>((resolve) => {
        finish = resolve;
        job.signal.addEventListener('abort', () => resolve(), { once: true });
      });
    };
    // A lock of 300 ms, renewed every 100 ms (a third of it) of real time.
    const lockMs = 300;
    const a = runner(lockMs);
    a.register('test.slow', slow);
    const id = await enqueueJob(t.db, 'test.slow', {});
    a.start();
    await vi.waitFor(() => expect(runs).toEqual([id]), { timeout: 15_000 });
    expect((await jobRow(id)).lockedUntil).toBe(new Date(start + lockMs).toISOString());

    // Much later, long after that lock ran out: the next renewal holds the job from now on.
    const later = start + 10_000;
    vi.setSystemTime(later);
    await expect
      .poll(async () => (await jobRow(id)).lockedUntil, { timeout: 15_000, interval: 20 })
      .toBe(new Date(later + lockMs).toISOString());

    // Another runner polls at that same moment: it takes a job that is due (the marker), not the
    // one whose lock was renewed; without the renewal it would have run it a second time.
    const b = runner(lockMs);
    b.register('test.slow', async (_payload, job) => {
      runs.push(job.id);
    });
    b.register('test.marker', async () => {});
    const marker = await enqueueJob(t.db, 'test.marker', {});
    b.start();
    // One lane takes due jobs oldest first: once the marker is done, B has passed over the slow job.
    await untilStatus(marker, 'done');
    expect(runs).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });

    finish();
    await untilStatus(id, 'done');
    expect(runs).toEqual([id]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('hands the job in hand back, without spending an attempt, when it stops', async () => {
    let started = false;
    const r = runner(60_000);
    r.register('test.stoppable', async (_payload, job) => {
      started = true;
      await new Promise((_resolve, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason), { once: true }));
    });
    const id = await enqueueJob(t.db, 'test.stoppable', {}, { maxAttempts: 1 });
    r.start();
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 15_000 });
    await r.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null, lastError: null });

    // The next runner runs it to the end.
    const next = runner(60_000);
    const done: string[] = [];
    next.register('test.stoppable', async (_payload, job) => {
      done.push(job.id);
    });
    next.start();
    await untilStatus(id, 'done');
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(done).toEqual([id]);
  });

  it('runs a lane of short jobs beside a long job in another lane, and leaves types it has no handler for', async () => {
    let release = () => {};
    const r = runner(60_000);
    r.register('test.long', () => new Promise<void>((resolve) => (release = resolve)), { lane: 'long' });
    r.register('test.short', async () => {});
    const long = await enqueueJob(t.db, 'test.long', {});
    const short = await enqueueJob(t.db, 'test.short', {});
    const foreign = await enqueueJob(t.db, 'test.for-another-process', {});
    r.start();
    await untilStatus(short, 'done');
    expect((await jobRow(long)).status).toBe('running');
    release();
    await untilStatus(long, 'done');
    // Another kind of process (with a handler for it) will take this one.
    expect(await jobRow(foreign)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
