import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, JobRunner } from '../../src/lib/jobs/job-queue.ts';
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

  const runner = (lockMs: number) => {
    const r = new JobRunner({ db: t.db, kind: t.target.kind, log: pino({ level: 'silent' }), pollMs: 20, retryBaseMs: 10, lockMs });
    runners.push(r);
    return r;
  };
  const jobRow = (id: string) => t.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const until = async (check: () => Promise<boolean> | boolean) => {
    const deadline = Date.now() + 15_000;
    while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };

  it('keeps the lock of a job that runs longer than the lock, so no other runner takes it over', async () => {
    const runs: string[] = [];
    const slow = async (_payload: unknown, job: { id: string }) => {
      runs.push(job.id);
      await new Promise((r) => setTimeout(r, 4000));
    };
    // A lock of 1 s, renewed every third of it: a stall of the shared event loop shorter than the
    // slack (two thirds of a second) cannot let the other runner take the job.
    const [a, b] = [runner(1000), runner(1000)];
    a.register('test.slow', slow);
    b.register('test.slow', slow);
    const id = await enqueueJob(t.db, 'test.slow', {});
    a.start();
    b.start();
    await until(async () => (await jobRow(id)).status === 'done');
    expect((await jobRow(id)).status).toBe('done');
    // Four lock lengths went by: without the renewal the other runner would have run it again.
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
    await until(() => started);
    await r.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null, lastError: null });

    // The next runner runs it to the end.
    const next = runner(60_000);
    const done: string[] = [];
    next.register('test.stoppable', async (_payload, job) => {
      done.push(job.id);
    });
    next.start();
    await until(async () => (await jobRow(id)).status === 'done');
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
    await until(async () => (await jobRow(short)).status === 'done');
    expect((await jobRow(short)).status).toBe('done');
    expect((await jobRow(long)).status).toBe('running');
    release();
    await until(async () => (await jobRow(long)).status === 'done');
    expect((await jobRow(long)).status).toBe('done');
    // Another kind of process (with a handler for it) will take this one.
    expect(await jobRow(foreign)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
