// Scheduler (`npm run bench:scheduler`, also the last part of `npm run bench`): two scheduler
// processes on PostgreSQL publishing through a fake network that answers in 50 ms.
//   - Lone posts: 40 posts due one at a time at random moments; how late each went out (p50, p99).
//   - A burst: 10,000 posts due in the same minute, spread over 100 clients; how long until the
//     last one is out, and whether any went out twice.
// Prints figures; asserts nothing on time.
//   BENCH_BURST_POSTS=2000 npm run bench:scheduler    a smaller burst
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { createPostgresDatabase } from './support/postgres-database.ts';
import { printFigures } from './support/print-figures.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKERS = 2;
const LONE_POSTS = 40;
const BURST_POSTS = Number(process.env.BENCH_BURST_POSTS ?? 10_000);
const CLIENTS = 100;

function startWorker(url: string): Promise<ChildProcess> {
  const child = fork(path.join(here, 'support/scheduler-worker.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: url, FAKE_NETWORK_MS: '50' },
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`scheduler worker exited with ${code}`)));
  });
}

async function seedClients(db: Db): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: CLIENTS }, () => newId());
  await db
    .insertInto('workspace')
    .values(
      ids.map((id, i) => ({
        id,
        name: `Client ${i}`,
        ownerEmail: `owner${i}@bench.test`,
        ownerUserId: null,
        status: 'active',
        planMonthlyUsd: null,
        timeZone: null,
        cadence: null,
        requireApproval: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  return ids;
}

/** Queued posts due at these times, in batches of 1,000 rows. */
async function queuePosts(db: Db, clients: string[], dueTimes: number[]): Promise<string[]> {
  const ids = dueTimes.map(() => newId());
  const now = new Date().toISOString();
  for (let start = 0; start < ids.length; start += 1000) {
    await db
      .insertInto('draft')
      .values(
        ids.slice(start, start + 1000).map((id, offset) => ({
          id,
          workspaceId: clients[(start + offset) % clients.length],
          channel: 'linkedin',
          type: 'post',
          text: `Post ${start + offset}`,
          status: 'queued',
          scheduledAt: new Date(dueTimes[start + offset]).toISOString(),
          publishedAt: null,
          mediaKey: null,
          mediaType: null,
          mediaName: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  return ids;
}

async function publishedTimes(db: Db, ids: string[]): Promise<Map<string, { scheduledAt: number; publishedAt: number }>> {
  const rows = [];
  for (let start = 0; start < ids.length; start += 5000) {
    rows.push(
      ...(await db
        .selectFrom('draft')
        .select(['id', 'scheduledAt', 'publishedAt'])
        .where('id', 'in', ids.slice(start, start + 5000))
        .where('status', '=', 'published')
        .execute()),
    );
  }
  return new Map(rows.map((row) => [row.id, { scheduledAt: Date.parse(row.scheduledAt!), publishedAt: Date.parse(row.publishedAt!) }]));
}

async function untilPublished(db: Db, ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { count } = await db
      .selectFrom('draft')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'published')
      .where('id', 'in', ids.slice(0, 1)) // the cheap probe first
      .executeTakeFirstOrThrow();
    if (Number(count) === 1 && (await publishedTimes(db, ids)).size === ids.length) return;
    if (Date.now() > deadline) throw new Error(`not all ${ids.length} posts were published within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const postgres = await createPostgresDatabase('scheduler');
  const database = openDatabase({ kind: 'postgres', url: postgres.url });
  const workers: ChildProcess[] = [];
  try {
    await migrateToLatest(database);
    const { db } = database;
    const clients = await seedClients(db);
    workers.push(...(await Promise.all(Array.from({ length: WORKERS }, () => startWorker(postgres.url)))));

    // Lone posts: due at random moments over the next ~40 s, one at a time.
    const start = Date.now() + 2000;
    const loneDue = Array.from({ length: LONE_POSTS }, (_, i) => start + i * 1000 + Math.floor(Math.random() * 1000));
    const lone = await queuePosts(db, clients, loneDue);
    await untilPublished(db, lone, 120_000);
    const lateness = [...(await publishedTimes(db, lone)).values()].map((p) => p.publishedAt - p.scheduledAt).sort((a, b) => a - b);

    // The burst: every post due at the same moment of one minute.
    const burstAt = Date.now() + 5000;
    const burst = await queuePosts(
      db,
      clients,
      Array.from({ length: BURST_POSTS }, () => burstAt),
    );
    await untilPublished(db, burst, 300_000);
    const burstTimes = [...(await publishedTimes(db, burst)).values()].map((p) => p.publishedAt);
    const lastOut = Math.max(...burstTimes) - burstAt;
    const lines = await db
      .selectFrom('timelineEntry')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('text', 'like', 'Post published%')
      .executeTakeFirstOrThrow();

    printFigures(`Scheduler: ${WORKERS} worker processes on PostgreSQL, a fake network answering in 50 ms`, [
      {
        name: `lone posts (${LONE_POSTS}): lateness`,
        values: { p50_ms: percentile(lateness, 50), p99_ms: percentile(lateness, 99), max_ms: lateness.at(-1)! },
      },
      {
        name: `${BURST_POSTS.toLocaleString()} posts due at once`,
        values: {
          all_out_s: lastOut / 1000,
          posts_per_s: Math.round(BURST_POSTS / (lastOut / 1000)),
          published_twice: Number(lines.count) - LONE_POSTS - BURST_POSTS,
        },
      },
    ]);
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(
      workers.map((worker) => new Promise((resolve) => (worker.exitCode !== null ? resolve(null) : worker.once('exit', resolve)))),
    );
    await database.close();
    await postgres.drop();
  }
}

await main();
