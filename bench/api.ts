// API throughput (`npm run bench`): the built server (apps/server/dist/main.js, as in production) against
// a bare Fastify hello-world measured in the same run, with autocannon, 50 connections, no pipelining.
// Figures are printed as ratios to that baseline; nothing here asserts on time.
//
//   npm run bench                       SQLite (the default database)
//   npm run bench -- --postgres         PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, in a database of its own
//   BENCH_ROUNDS=2 BENCH_ROUND_SECONDS=2 npm run bench   shorter phases (default 4 rounds of 3 s)
//   BENCH_SERVER_ENTRY=/path/to/dist/main.js             measure another build with the same load
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import { createPostgresDatabase } from './support/postgres-database.ts';
import { printFigures } from './support/print-figures.ts';
import { CONNECTIONS, countStatus, describeRounds, mean, measurePaired, pairedFigure, type Paired } from './api-measure.ts';
import { openPostgresTarget, openSqliteTarget, seedClients, seedDrafts, SEED_CLIENTS, type SeedTarget } from './api-seed.ts';
import { signUp, startServer } from './support/servers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OVERLOAD_SECONDS = 10;
const ORDINARY_SECONDS = 20;
/** About what 200 people working at once ask of the server. */
const ORDINARY_RATE = 100;
// NOTE: under the 511 connections Node's listen backlog holds: more, opened at once, have their SYNs
// dropped and time out in the kernel, which says nothing about the server's shedding.
const OVERLOAD_CONNECTIONS = 400;
/** Beyond capacity: this many times the requests per second the client list served at 50 connections. */
const OVERLOAD_FACTOR = 3;
/** About three months of a daily cadence, published and not. */
const CLIENT_DRAFTS = 100;
const FOUNDER = 'founder@bench.test';
const CLIENT = 'client@bench.test';
const usePostgres = process.argv.includes('--postgres');
/** The lists are read as the dashboard's browser reads them; Chromium sends this. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** New leads, and every fifth a lead sending the questionnaire again. */
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

/** Console searches as staff type them: a few terms, each sort, the first pages of 20. */
function clientSearches(url: string, cookie: string): AutocannonOptions {
  const searches = ['studio', 'golden', 'bakery 1', 'nordic', 'labs 2', 'coffee'];
  const sorts = ['name&sortDir=asc', 'owner&sortDir=asc', 'status&sortDir=desc'];
  let n = 0;
  return {
    url,
    headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: [
      {
        setupRequest: (request) => {
          n++;
          const search = encodeURIComponent(searches[n % searches.length]);
          return {
            ...request,
            path: `/api/admin/clients?search=${search}&sortBy=${sorts[n % sorts.length]}&page=${1 + (n % 3)}&pageSize=20`,
          };
        },
      },
    ],
  };
}

/**
 * Ordinary use at the production defaults: signed-in staff searching clients, clients reading their
 * drafts, leads sending the questionnaire, at a steady ORDINARY_RATE, while ffmpeg encodes video at
 * full speed on the same machine, as a clip job does.
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

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-bench-'));
  const logFile = path.join(dataDir, 'server.log');
  const stops: Array<() => Promise<void>> = [];
  try {
    // The baseline runs throughout; its rounds alternate with each route's (api-measure.ts).
    const hello = await startServer({
      args: ['--import', 'tsx', path.join(root, 'bench/api-hello-server.ts')],
      env: {},
      logFile,
      readyPath: '/',
    });
    stops.push(hello.stop);

    const postgres = usePostgres ? await createPostgresDatabase('bench') : null;
    if (postgres) stops.push(postgres.drop);
    /** The built server on the benchmark's database; each phase starts it with the settings it measures. */
    const startApp = async (env: Record<string, string> = {}) => {
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
          // NOTE: the form's per-IP limit (10 per 10 minutes) would measure the limiter, not the write path.
          ONBOARDING_RATE_LIMIT: '1000000',
          ...env,
        },
        logFile,
        readyPath: '/api/health',
      });
      stops.unshift(server.stop);
      return server;
    };
    // Capacity is measured with load shedding off: at capacity it starts answering 503 (the overload phase shows it).
    const capacityEnv = { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_DB_WAITING: '0' };
    let server = await startApp(capacityEnv);

    const target: SeedTarget = postgres ? openPostgresTarget(postgres.url) : openSqliteTarget(path.join(dataDir, 'hookline.db'));
    const seedStarted = performance.now();
    const workspaceIds = await seedClients(target);
    const founderCookie = await signUp(server.url, FOUNDER);
    const clientCookie = await signUp(server.url, CLIENT);
    await seedDrafts(target, await target.workspaceIdOf(CLIENT), CLIENT_DRAFTS, workspaceIds);
    await target.close();
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // The app's own floor: a public route with no database work, through every hook, the logger and the serializer.
    const health = await measurePaired(hello.url, { url: `${server.url}/api/health` });
    const clients = await measurePaired(hello.url, clientSearches(server.url, founderCookie));
    const draftList = (url: string) => ({
      url: `${url}/api/drafts`,
      headers: { cookie: clientCookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    const drafts = await measurePaired(hello.url, draftList(server.url));
    const onboarding = await measurePaired(hello.url, onboardingSubmissions(server.url));
    await server.stop();
    let onboardingNormalSync: Paired | null = null;
    if (!postgres) {
      server = await startApp({ ...capacityEnv, SQLITE_SYNCHRONOUS: 'normal' });
      onboardingNormalSync = await measurePaired(hello.url, onboardingSubmissions(server.url));
      await server.stop();
    }

    // The production defaults (load shedding on). Ordinary use first: a busy agency's staff and
    // clients at ORDINARY_RATE requests a second, while an ffmpeg encode (a clip job) takes a core.
    server = await startApp();
    const ordinary = await ordinaryUsePhase(server.url, { founderCookie, clientCookie });

    // Then beyond capacity, in two ways: three times the requests per second the client list served,
    // offered at a fixed rate whatever the answers; and OVERLOAD_CONNECTIONS connections that each ask
    // again the moment they are answered (503s included).
    const clientsRps = mean(clients.app.map((r) => r.requests.average));
    const offeredRate = Math.max(100, Math.round(OVERLOAD_FACTOR * clientsRps));
    const overloadPhase = async (options: Partial<AutocannonOptions>) => {
      // The probe connects first, so the burst of connections cannot crowd it out of the listen backlog.
      const probe = autocannon({ url: `${server.url}/api/health`, connections: 1, overallRate: 20, duration: OVERLOAD_SECONDS + 2 });
      await sleep(1000);
      const load = await autocannon({
        ...clientSearches(server.url, founderCookie),
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
    console.log(
      `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    console.log(
      `Database: ${postgres ? 'PostgreSQL' : 'SQLite'}; ${SEED_CLIENTS} clients and drafts seeded in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(`autocannon: ${CONNECTIONS} connections, no pipelining; ${describeRounds()}`);
    printFigures('API throughput (baseline: bare Fastify hello-world in alternating rounds of this run)', [
      pairedFigure('GET /api/health (reference: no database work)', health),
      pairedFigure('GET /api/admin/clients (search, sort, 20 of 10k)', clients),
      pairedFigure(`GET /api/drafts (${CLIENT_DRAFTS} drafts)`, drafts),
      pairedFigure(`POST /api/onboarding/submit${postgres ? '' : ' (synchronous=full)'}`, onboarding),
      ...(onboardingNormalSync ? [pairedFigure('POST /api/onboarding/submit (SQLITE_SYNCHRONOUS=normal)', onboardingNormalSync)] : []),
    ]);
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
  } finally {
    for (const stop of stops) await stop().catch((error) => console.error(error));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
