// The API benchmark (`npm run bench`): the built server (apps/server/dist/main.js, as in production)
// on a database of agency size, under realistic work with nothing cached. Figures are printed;
// nothing here asserts on time.
//
// 1. Mixed workload: signed-in clients and staff (api-workload.ts), each a closed loop, four
//    requests in five a read, at 8, 32 and 64 users at once: requests per second, p50, p99.
// 2. Each list route against a bare Fastify route running the same SQL on the same database
//    (api-bare-server.ts), in alternating rounds: Hookline's throughput as a share of it.
// 3. Ordinary use and 4. overload: the load-shedding defaults (docs/performance.md).
//
//   npm run bench                       SQLite (the default database)
//   npm run bench -- --postgres         PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, in a database of its own
//   BENCH_SECONDS=10 BENCH_ROUNDS=2 npm run bench   shorter (default 30 s per level, 3 rounds of 3 s per list)
//   BENCH_SERVER_ENTRY=/path/to/dist/main.js         measure another build with the same load
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import { captureListRoutes, checkSameRows, type DatabaseTarget } from './api-lists.ts';
import { failureCount, runClosedLoop, summarize, type LoadResult } from './api-load.ts';
import { countStatus, describeRounds, measureAgainstBare, pairedFigure, type Paired } from './api-measure.ts';
import { openPostgresTarget, openSqliteTarget, seedAgency } from './api-seed.ts';
import { FOUNDER, readViews, signUpAccounts } from './api-users.ts';
import { BROWSER_ACCEPT_ENCODING, clientListQuery, makeUsers, toQuery, WRITE_SHARE } from './api-workload.ts';
import { createPostgresDatabase } from './support/postgres-database.ts';
import { printFigures, type Figure } from './support/print-figures.ts';
import { startServer } from './support/servers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const usePostgres = process.argv.includes('--postgres');
const LEVELS = [8, 32, 64];
const LEVEL_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARM_UP_SECONDS = 5;
const OVERLOAD_SECONDS = 10;
const ORDINARY_SECONDS = 20;
/** About what 200 people working at once ask of the server. */
const ORDINARY_RATE = 100;
// NOTE: under the 511 connections Node's listen backlog holds: more, opened at once, have their SYNs
// dropped and time out in the kernel, which says nothing about the server's shedding.
const OVERLOAD_CONNECTIONS = 400;
/** Beyond capacity: this many times the requests per second the client list served at 32 users. */
const OVERLOAD_FACTOR = 3;

/** New leads sending the public questionnaire, and every fifth a lead sending it again. */
function onboardingSubmissions(url: string): AutocannonOptions {
  let lead = 0;
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    requests: [
      {
        setupRequest: (request) => {
          lead++;
          const body = JSON.stringify({
            name: 'Lead Owner',
            email: `lead-${lead % 5 === 0 ? lead - 1 : lead}-${url.split(':').pop()}@bench.example`,
            brand: `Lead Brand ${lead}`,
            website: 'https://lead.example',
            instagram: '@lead',
            goals: 'Grow to 10k followers and launch the summer line',
            pillars: 'Behind the scenes, recipes',
            channels: ['Instagram', 'TikTok'],
            cadence: '3x per week',
            approvalFlow: 'I approve every post',
            notes: 'Found you through a friend',
          });
          return { ...request, method: 'POST', path: '/api/onboarding/submit', body };
        },
      },
    ],
  };
}

/** Console searches as staff make them (api-workload.ts's client list). */
function clientSearches(url: string, cookie: string): AutocannonOptions {
  let n = 0;
  return {
    url,
    headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/admin/clients${toQuery(clientListQuery(n++))}` }) }],
  };
}

/**
 * Ordinary use at the production defaults: staff searching clients, a client reading their drafts,
 * leads sending the questionnaire, at a steady ORDINARY_RATE, while ffmpeg encodes video at full
 * speed on the same machine, as a clip job does.
 */
async function ordinaryUsePhase(url: string, cookies: { founderCookie: string; clientCookie: string }) {
  const encode = spawn(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
    ...['-t', String(ORDINARY_SECONDS + 5), '-c:v', 'libx264', '-preset', 'veryfast', '-f', 'null', '-'],
  ]);
  const encoded = new Promise((resolve) => encode.once('close', resolve));
  encode.once('error', (error) => console.error(`no ffmpeg encode beside the ordinary-use phase: ${error.message}`));
  const kinds = [
    clientSearches(url, cookies.founderCookie),
    { url: `${url}/api/drafts`, headers: { cookie: cookies.clientCookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
    onboardingSubmissions(url),
  ];
  let n = 0;
  const probe = autocannon({ url: `${url}/api/health`, connections: 1, overallRate: 20, duration: ORDINARY_SECONDS });
  const load = await autocannon({
    url,
    connections: 10,
    overallRate: ORDINARY_RATE,
    duration: ORDINARY_SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const kind = kinds[n++ % kinds.length];
          const shaped = kind.requests?.[0]?.setupRequest?.(request) ?? { ...request, path: new URL(kind.url as string).pathname };
          return { ...shaped, headers: { ...request.headers, ...kind.headers, ...shaped.headers }, method: shaped.method ?? 'GET' };
        },
      },
    ],
  });
  const health = await probe;
  encode.kill('SIGKILL');
  await encoded;
  return { load, health };
}

const ms = (value: number) => Number(value.toFixed(1));

function levelFigure(users: number, result: LoadResult): Figure {
  const all = summarize(result.latencies, result.seconds);
  const reads = summarize(
    [...result.byName.values()].filter((g) => !g.write).flatMap((g) => g.latencies),
    result.seconds,
  );
  const writes = summarize(
    [...result.byName.values()].filter((g) => g.write).flatMap((g) => g.latencies),
    result.seconds,
  );
  return {
    name: `${users} users`,
    values: {
      'req/s': Math.round(all.rps),
      'p50 ms': ms(all.p50),
      'p99 ms': ms(all.p99),
      'max ms': ms(all.max),
      'reads p99': ms(reads.p99),
      'writes p99': ms(writes.p99),
      writes: `${((100 * writes.count) / all.count).toFixed(0)}%`,
      'non-2xx/errors': failureCount(result),
    },
  };
}

function routeFigures(result: LoadResult): Figure[] {
  return [...result.byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, group]) => {
      const figures = summarize(group.latencies, result.seconds);
      return {
        name,
        values: { 'req/s': ms(figures.rps), 'p50 ms': ms(figures.p50), 'p99 ms': ms(figures.p99), 'max ms': ms(figures.max) },
      };
    });
}

async function main() {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-bench-'));
  const logFile = path.join(dataDir, 'server.log');
  const stops: Array<() => Promise<void>> = [];
  try {
    const postgres = usePostgres ? await createPostgresDatabase('bench') : null;
    if (postgres) stops.push(postgres.drop);
    const database: DatabaseTarget = postgres
      ? { kind: 'postgres', url: postgres.url }
      : { kind: 'sqlite', file: path.join(dataDir, 'hookline.db') };
    // The production defaults, load shedding included; only the per-IP limits of sign-up and the
    // questionnaire are lifted, since every simulated person comes from 127.0.0.1.
    const server = await startServer({
      // NOTE: BENCH_SERVER_ENTRY runs another build (e.g. an older commit's) for a before/after comparison.
      args: [process.env.BENCH_SERVER_ENTRY ?? path.join(root, 'apps/server/dist/main.js')],
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        DATABASE_URL: postgres?.url ?? '',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        FOUNDER_EMAIL: FOUNDER,
        SIGNIN_RATE_LIMIT: '1000000',
        ONBOARDING_RATE_LIMIT: '1000000',
      },
      logFile,
      readyPath: '/api/health',
    });
    stops.unshift(server.stop);

    let phaseStarted = performance.now();
    const accounts = await signUpAccounts(server.url);
    const signUpSeconds = (performance.now() - phaseStarted) / 1000;
    phaseStarted = performance.now();
    const target = database.kind === 'postgres' ? openPostgresTarget(database.url) : openSqliteTarget(database.file);
    await seedAgency(target, Date.now());
    const seedSeconds = (performance.now() - phaseStarted) / 1000;
    const views = await readViews(target, accounts);
    const counted = await target.query<Record<string, number | string>>(
      `select (select count(*) from workspace) as workspaces, (select count(*) from draft) as drafts,
        (select count(*) from request) as requests, (select count(*) from "timelineEntry") as timeline,
        (select count(*) from "draftComment") as comments`,
    );
    await target.close();

    const routes = await captureListRoutes(database, views);
    const statementsFile = path.join(dataDir, 'bare-statements.json');
    fs.writeFileSync(
      statementsFile,
      JSON.stringify(
        Object.fromEntries(routes.map((r) => [r.slug, { parallel: r.parallel, variants: r.variants.map((v) => v.statements) }])),
      ),
    );
    const bare = await startServer({
      args: ['--import', 'tsx', path.join(root, 'bench/api-bare-server.ts')],
      env: {
        BARE_STATEMENTS_FILE: statementsFile,
        DATABASE_URL: postgres?.url ?? '',
        SQLITE_FILE: database.kind === 'sqlite' ? database.file : '',
      },
      logFile,
      readyPath: `/${routes[0].slug}/0`,
    });
    stops.unshift(bare.stop);
    await checkSameRows(routes, server.url, bare.url);

    // 1. The mixed workload, after a warm-up (JIT, the database's page cache).
    await runClosedLoop(server.url, makeUsers(8, views, server.url, LEVELS.length), WARM_UP_SECONDS);
    const levels: LoadResult[] = [];
    for (const [i, users] of LEVELS.entries())
      levels.push(await runClosedLoop(server.url, makeUsers(users, views, server.url, i), LEVEL_SECONDS));

    // 2. Each list route against the bare route, same SQL, same database.
    const lists: Array<[string, Paired]> = [];
    for (const route of routes) lists.push([route.name, await measureAgainstBare(route, server.url, bare.url)]);
    await bare.stop();

    // 3. Ordinary use: a busy agency's staff and clients at ORDINARY_RATE requests a second, while an
    // ffmpeg encode (a clip job) takes a core.
    const clientCookie = views.clients[0].account.cookie;
    const ordinary = await ordinaryUsePhase(server.url, { founderCookie: accounts.founder.cookie, clientCookie });

    // 4. Beyond capacity, in two ways: three times the requests per second the client list served,
    // offered at a fixed rate whatever the answers; and OVERLOAD_CONNECTIONS connections that each ask
    // again the moment they are answered (503s included).
    const clientList = lists.find(([name]) => name.startsWith('GET /api/admin/clients'))![1];
    const clientsRps = clientList.app.reduce((sum, r) => sum + r.latencies.length / r.seconds, 0) / clientList.app.length;
    const offeredRate = Math.max(100, Math.round(OVERLOAD_FACTOR * clientsRps));
    const overloadPhase = async (options: Partial<AutocannonOptions>) => {
      // The probe connects first, so the burst of connections cannot crowd it out of the listen backlog.
      const probe = autocannon({ url: `${server.url}/api/health`, connections: 1, overallRate: 20, duration: OVERLOAD_SECONDS + 2 });
      await sleep(1000);
      const load = await autocannon({
        ...clientSearches(server.url, accounts.founder.cookie),
        connections: OVERLOAD_CONNECTIONS,
        duration: OVERLOAD_SECONDS,
        ...options,
      });
      return { load, health: await probe };
    };
    const offered = await overloadPhase({ overallRate: offeredRate });
    const closedLoop = await overloadPhase({});
    await server.stop();

    const cpus = os.cpus();
    const [seeded] = counted;
    console.log(
      `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    console.log(
      `Database: ${postgres ? 'PostgreSQL' : 'SQLite'}; ${seeded.workspaces} clients, ${seeded.drafts} drafts (${seeded.comments} comments), ` +
        `${seeded.requests} requests, ${seeded.timeline} timeline entries seeded in ${seedSeconds.toFixed(1)} s; ` +
        `${accounts.clients.length + accounts.staff.length + 1} accounts signed up through the API in ${signUpSeconds.toFixed(1)} s`,
    );
    printFigures(
      `Mixed workload (${LEVEL_SECONDS} s per level, closed loops: 7 in 10 users clients, the rest managers and admins; ${100 - WRITE_SHARE * 100}% reads, ${WRITE_SHARE * 100}% writes)`,
      LEVELS.map((users, i) => levelFigure(users, levels[i])),
    );
    const atTarget = levels[LEVELS.indexOf(32)];
    printFigures('Mixed workload at 32 users, by route', routeFigures(atTarget));
    for (const [users, result] of LEVELS.map((u, i) => [u, levels[i]] as const)) {
      if (failureCount(result))
        console.log(
          `\n${users} users: failures ${JSON.stringify(Object.fromEntries(result.failures))}\n  ${result.failureSamples.join('\n  ')}`,
        );
    }
    printFigures(
      `List routes against a bare Fastify route running the same SQL (${describeRounds()})`,
      lists.map(([name, paired]) => pairedFigure(name, paired)),
    );
    const answers = (result: AutocannonResult) => ({
      answers: result.requests.total,
      '2xx': countStatus(result, (s) => s >= 200 && s < 300),
      '503/429': countStatus(result, (s) => s === 503 || s === 429),
      other: countStatus(result, (s) => s < 200 || (s >= 300 && s !== 503 && s !== 429)),
      'timed out': result.timeouts,
      errors: result.errors - result.timeouts,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
    });
    printFigures(
      `Ordinary use (${ORDINARY_SECONDS} s, default thresholds): ${ORDINARY_RATE} req/s of lists, drafts and questionnaires beside an ffmpeg encode; a 503 here would be a wrong default`,
      [
        { name: 'mixed requests', values: answers(ordinary.load) },
        { name: '  /api/health meanwhile', values: answers(ordinary.health) },
      ],
    );
    printFigures(
      `Overload (${OVERLOAD_SECONDS} s each, default thresholds): the client list beyond capacity, /api/health probed 20 times a second meanwhile`,
      [
        { name: `${OVERLOAD_FACTOR}× capacity offered (${offeredRate} req/s)`, values: answers(offered.load) },
        { name: '  /api/health meanwhile', values: answers(offered.health) },
        { name: `${OVERLOAD_CONNECTIONS} connections, no pause`, values: answers(closedLoop.load) },
        { name: '  /api/health meanwhile', values: answers(closedLoop.health) },
      ],
    );
    console.log(`\nAPI bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const stop of stops) await stop().catch((error) => console.error(error));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
