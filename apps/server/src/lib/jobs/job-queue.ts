import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DbKind, Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { PollingLoop } from './polling-loop.ts';

export interface JobContext {
  id: string;
  attempt: number;
  maxAttempts: number;
  /** Aborted when the runner stops (shutdown): a long job should stop and throw; it is handed back, not failed. */
  signal: AbortSignal;
  /** The runner's logger, with the job's id and type on every line. */
  log: FastifyBaseLogger;
}

export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
}

/** Adds a job in the caller's transaction, so a job exists exactly when the change that caused it commits. */
export async function enqueueJob(db: Db, type: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('job')
    .values({
      id,
      type,
      payload: JSON.stringify(payload),
      status: 'pending',
      maxAttempts: options.maxAttempts ?? 1,
      runAt: (options.runAt ?? new Date()).toISOString(),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

export interface JobRunnerOptions {
  db: Db;
  kind: DbKind;
  log: FastifyBaseLogger;
  pollMs: number;
  /** Delay before retry n (1-based): base * 2^(n-1). */
  retryBaseMs: number;
  /** How long a claimed job is ours before another runner may take it over (crash recovery). */
  lockMs?: number;
}

export interface RegisterOptions {
  /**
   * Jobs of one lane run one at a time; lanes run side by side. Long jobs (clip renders) get a lane
   * of their own so webhook deliveries and publishes don't wait behind them.
   */
  lane?: string;
}

/**
 * Runs jobs stored in the app database. Claiming is atomic (PostgreSQL: FOR UPDATE SKIP LOCKED;
 * SQLite: one writer), so several app instances or workers share one queue and each job runs once.
 * A runner only claims the types it has handlers for. A failing job is retried with exponential
 * backoff until maxAttempts, then marked failed.
 */
/** Work the runner starts, kicks and stops with its lanes, that keeps its own records (the post scheduler). */
export interface RunnerLoop {
  start(): void;
  kick(): void;
  stop(): Promise<void>;
}

export class JobRunner {
  private lanes = new Map<string, JobLane>();
  private loops: RunnerLoop[] = [];

  constructor(private readonly options: JobRunnerOptions) {}

  register(type: string, handler: JobHandler, { lane = 'default' }: RegisterOptions = {}): void {
    let found = this.lanes.get(lane);
    if (!found) this.lanes.set(lane, (found = new JobLane(this.options)));
    found.handlers.set(type, handler);
  }

  /** Runs a loop in this runner's processes: wherever jobs run, it runs. */
  attach(loop: RunnerLoop): void {
    this.loops.push(loop);
  }

  start(): void {
    for (const lane of this.lanes.values()) lane.start();
    for (const loop of this.loops) loop.start();
  }

  /** Asks for a poll now (after an enqueue) instead of waiting for the next tick. */
  kick(): void {
    for (const lane of this.lanes.values()) lane.kick();
    for (const loop of this.loops) loop.kick();
  }

  /** Asks for a poll at a given time (a job queued to run then), sooner than the next tick. */
  wakeAt(when: Date): void {
    setTimeout(() => this.kick(), Math.max(0, when.getTime() - Date.now()) + 5).unref();
  }

  /** Stops polling, asks the jobs in hand to stop (their signal) and waits for them to return. */
  async stop(): Promise<void> {
    await Promise.all([...this.lanes.values(), ...this.loops].map((lane) => lane.stop()));
  }
}

/** One lane: polls for due jobs of its own types and runs them one after another. */
class JobLane {
  readonly handlers = new Map<string, JobHandler>();
  private readonly loop: PollingLoop;

  constructor(private readonly options: JobRunnerOptions) {
    this.loop = new PollingLoop({ pollMs: options.pollMs, log: options.log, name: 'job runner', pass: () => this.drain() });
  }

  start(): void {
    this.loop.start();
  }

  kick(): void {
    this.loop.kick();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private get lockMs(): number {
    return this.options.lockMs ?? 5 * 60_000;
  }

  /** Runs due jobs until none is left, or until stop() is called (then after the job in hand). */
  private async drain(): Promise<void> {
    while (!this.loop.stopped && (await this.runOne()));
  }

  private async claim() {
    const { db, kind } = this.options;
    const now = new Date();
    const lockedUntil = new Date(now.getTime() + this.lockMs).toISOString();
    const due = db
      .selectFrom('job')
      .select('id')
      .where('type', 'in', [...this.handlers.keys()])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('runAt', '<=', now.toISOString())]),
          // A runner that died mid-job: its lock ran out.
          eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', now.toISOString())]),
        ]),
      )
      .orderBy('runAt')
      .limit(1)
      .$if(kind === 'postgres', (qb) => qb.modifyEnd(sql`for update skip locked`));
    return db
      .updateTable('job')
      .set((eb) => ({ status: 'running', lockedUntil, attempts: eb('attempts', '+', 1), updatedAt: now.toISOString() }))
      .where('id', '=', (eb) => eb.selectFrom(due.as('due')).select('due.id'))
      .returningAll()
      .executeTakeFirst();
  }

  private async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const { db, log } = this.options;
    const handler = this.handlers.get(job.type)!;
    const signal = this.loop.signal;
    const heartbeat = this.keepLocked(job.id);
    try {
      const context = {
        id: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        signal,
        log: log.child({ jobId: job.id, type: job.type }),
      };
      await handler(JSON.parse(job.payload), context);
      await db
        .updateTable('job')
        .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: new Date().toISOString() })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (signal.aborted) {
        // Stopped mid-job (shutdown): hand it back as it was, without spending an attempt.
        await db
          .updateTable('job')
          .set({ status: 'pending', lockedUntil: null, attempts: job.attempts - 1, updatedAt: new Date().toISOString() })
          .where('id', '=', job.id)
          .execute();
        log.info({ jobId: job.id, type: job.type }, 'job handed back at shutdown');
        return true;
      }
      const retry = job.attempts < job.maxAttempts;
      const runAt = new Date(Date.now() + this.options.retryBaseMs * 2 ** (job.attempts - 1)).toISOString();
      await db
        .updateTable('job')
        .set({
          status: retry ? 'pending' : 'failed',
          runAt: retry ? runAt : job.runAt,
          lockedUntil: null,
          lastError: message,
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', job.id)
        .execute();
      log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, retry }, `job failed: ${message}`);
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  /** Renews the lock while a job runs, so a long job (a clip render) is not taken over by another runner. */
  private keepLocked(jobId: string): NodeJS.Timeout {
    const timer = setInterval(() => {
      this.options.db
        .updateTable('job')
        .set({ lockedUntil: new Date(Date.now() + this.lockMs).toISOString() })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .execute()
        .catch((error: unknown) => this.options.log.warn({ err: error, jobId }, 'job lock renewal failed'));
    }, this.lockMs / 3);
    timer.unref();
    return timer;
  }
}
