import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { signUpAs, type ApiCaller } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startFakeTranscriber, type FakeTranscriber } from '../clipper/fake-transcriber.ts';
import { makeVideoWithoutSubtitles } from '../clipper/make-test-video.ts';
import { childProcessesOf } from '../clipper/media-helpers.ts';
import { postProcess, waitForClipJob } from '../clipper/post-process.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/**
 * Jobs across processes: a server stopped mid-job hands the job back and the next one finishes it;
 * a cancel written by another instance stops the job; `npm run worker` runs what the app queued.
 * The transcription service answers slowly here, so a job is reliably caught in the middle.
 */
describe('clip jobs across restarts, instances and workers', () => {
  let t: TestApp;
  let ana: ApiCaller;
  let transcriber: FakeTranscriber;
  let video: Buffer;
  let delayMs = 0;
  beforeAll(async () => {
    transcriber = await startFakeTranscriber();
    transcriber.answer = (request) => ({
      delayMs,
      body: {
        text: 'Hello there. Hello there.',
        duration: request.audioSec,
        // One line in each loud part of the test video, so whichever window wins has it.
        segments: [
          { id: 0, start: 10.5, end: 13, text: ' Hello there.' },
          { id: 1, start: 41, end: 44, text: ' Hello there.' },
        ],
      },
    });
    t = await createTestApp({ JOB_POLL_MS: '50', TRANSCRIBE_BASE_URL: transcriber.url });
    ana = await signUpAs(t, 'ana@workers.test');
    video = fs.readFileSync(await makeVideoWithoutSubtitles(t.dataDir));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await transcriber?.close();
  });

  const startSlowJob = async (caller: ApiCaller, app: Pick<TestApp, 'app'> = t) => {
    delayMs = 60_000;
    const response = await postProcess(
      app,
      caller,
      { clip_duration: '15', num_clips: '1', async: 'true' },
      { bytes: video, name: 'talk.mp4' },
    );
    expect(response.statusCode, response.body).toBe(202);
    return response.json().job_id as string;
  };

  it('a job running when the server stops goes back to the queue, and the next server finishes it', async () => {
    const jobId = await startSlowJob(ana);
    expect((await waitForClipJob(ana, jobId, (s) => s.stage === 'transcribing')).stage).toBe('transcribing');

    await t.app.close();
    const row = await t.db.selectFrom('clipJob').select(['status', 'stage']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'queued', stage: 'queued' });
    const job = await t.db.selectFrom('job').selectAll().where('type', '=', 'clipper.run').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(childProcessesOf(process.pid).filter((p) => p.name.startsWith('ff'))).toEqual([]);
    // The upload waits in the file store, where any instance or worker finds it.
    expect(fs.readdirSync(path.join(t.dataDir, 'files', 'clipper', jobId, 'source'))).toHaveLength(1);

    // The next server (same database and data directory) picks it up.
    delayMs = 0;
    t.app = await buildApp(t.config, { databaseTarget: t.target, serveWeb: false });
    await t.app.ready();
    const status = await waitForClipJob(ana, jobId);
    expect(status).toMatchObject({ status: 'done' });
    expect(status.result.clips[0].text_preview).toBe('Hello there.');
  }, 120_000);

  it('a synchronous request waiting on its job at shutdown gets 503 with the job id, and the job goes on later', async () => {
    delayMs = 60_000;
    const pending = postProcess(t, ana, { clip_duration: '15', num_clips: '1' }, { bytes: video, name: 'talk.mp4' });
    const jobId = await vi.waitFor(
      async () => {
        const row = await t.db.selectFrom('clipJob').select(['id']).where('stage', '=', 'transcribing').executeTakeFirst();
        if (!row) throw new Error('no job transcribing yet');
        return row.id;
      },
      { timeout: 30_000 },
    );
    await t.app.close();
    const response = await pending;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ job_id: jobId, detail: expect.stringContaining(`/api/clipper/jobs/${jobId}`) });

    delayMs = 0;
    t.app = await buildApp(t.config, { databaseTarget: t.target, serveWeb: false });
    await t.app.ready();
    expect((await waitForClipJob(ana, jobId)).status).toBe('done');
  }, 120_000);

  it('a cancel written by another instance stops the job within a second or so and removes its files', async () => {
    const jobId = await startSlowJob(ana);
    await waitForClipJob(ana, jobId, (s) => s.stage === 'transcribing');
    // What DELETE does on an instance that is not running the job: it only writes the row.
    await t.db.updateTable('clipJob').set({ status: 'cancelled', detail: 'Cancelled' }).where('id', '=', jobId).execute();
    await expect
      .poll(
        () => [path.join(t.dataDir, 'clipper', jobId), path.join(t.dataDir, 'files', 'clipper', jobId)].some((dir) => fs.existsSync(dir)),
        {
          timeout: 10_000,
        },
      )
      .toBe(false);
    // The run ends as a finished job (cancelled is not a failure to retry).
    const runStatus = async () =>
      (
        await t.db
          .selectFrom('job')
          .select(['status'])
          .where('payload', 'like', `%${jobId}%`)
          .where('type', '=', 'clipper.run')
          .executeTakeFirstOrThrow()
      ).status;
    await expect.poll(runStatus, { timeout: 10_000 }).toBe('done');
    expect((await ana.get(`/api/clipper/jobs/${jobId}`)).json().status).toBe('cancelled');
  }, 60_000);

  it('npm run worker runs the jobs an app with RUN_JOBS=false only queues, and stops on SIGTERM', async () => {
    delayMs = 0;
    await t.app.close();
    t.app = await buildApp({ ...t.config, RUN_JOBS: false }, { databaseTarget: t.target, serveWeb: false });
    await t.app.ready();
    const response = await postProcess(t, ana, { clip_duration: '15', num_clips: '1', async: 'true' }, { bytes: video, name: 'talk.mp4' });
    const jobId = response.json().job_id as string;
    // Left alone for ten poll intervals (a window for a runner that should not exist, not a wait for an
    // event): still queued and unclaimed, since this app runs no jobs and the worker has not started.
    await new Promise((r) => setTimeout(r, 500));
    expect((await ana.get(`/api/clipper/jobs/${jobId}`)).json().status).toBe('queued');
    const run = await t.db.selectFrom('job').selectAll().where('payload', 'like', `%${jobId}%`).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ type: 'clipper.run', status: 'pending', attempts: 0, lockedUntil: null });

    const target = t.target;
    const databaseUrl =
      target.kind === 'sqlite' ? `sqlite:${target.file}` : `${target.url}?options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        BASE_URL: t.config.baseUrl,
        DATA_DIR: t.dataDir,
        DATABASE_URL: databaseUrl,
        TRANSCRIBE_BASE_URL: transcriber.url,
        JOB_POLL_MS: '50',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    worker.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
    try {
      const status = await Promise.race([waitForClipJob(ana, jobId), exited.then((code) => ({ status: `worker exited with ${code}` }))]);
      expect(status.status, stderr).toBe('done');
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
