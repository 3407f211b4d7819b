// Lighthouse (npm `lighthouse` 12, default mobile settings with simulated throttling) on the
// production build: performance and accessibility of the landing page, the dashboard and the admin
// console, each the median of RUNS runs. `npm run bench:web` builds first. Prints; never asserts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { resolveChromium } from '../e2e/support/chromium.ts';
import { printFigures, type Figure } from './support/print-figures.ts';
import { signUp, startServer } from './support/servers.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const FOUNDER = 'founder@bench-web.test';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Target {
  name: string;
  path: string;
  /** Minimum score (0–100) for both categories. */
  target: number;
  cookie?: string;
}

/** The built app (node apps/server/dist/main.js) on a free port with a fresh SQLite data dir, until stop(). */
async function startApp() {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(path.join(ROOT, built))) throw new Error(`no ${built}: run "npm run build" first (npm run bench:web does)`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-bench-web-'));
  const server = await startServer({
    args: [path.join(ROOT, 'apps/server/dist/main.js')],
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      FOUNDER_EMAIL: FOUNDER,
    },
    logFile: path.join(dataDir, 'server.log'),
    readyPath: '/api/ready',
  });
  return {
    baseUrl: server.url,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A call to the API as the signed-in account (drafts for the dashboard to show). */
async function call(baseUrl: string, cookie: string, method: string, url: string, body?: unknown) {
  const answer = await fetch(baseUrl + url, {
    method,
    headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<{ id: string }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const app = await startApp();
  const chrome = await chromeLauncher.launch({ chromePath: resolveChromium(), chromeFlags: CHROME_FLAGS });
  try {
    const client = await signUp(app.baseUrl, 'client@bench-web.test');
    for (const [type, channel] of [
      ['post', 'instagram'],
      ['reel', 'youtube'],
    ]) {
      const draft = await call(app.baseUrl, client, 'POST', '/api/drafts', { type, channel, text: `A ${type} for the benchmark` });
      await call(app.baseUrl, client, 'POST', `/api/drafts/${draft.id}/publish`);
    }
    const founder = await signUp(app.baseUrl, FOUNDER);
    const targets: Target[] = [
      { name: 'Landing page (/)', path: '/', target: 95 },
      { name: 'Dashboard (/dashboard, client)', path: '/dashboard', target: 90, cookie: client },
      { name: 'Admin console (/admin, founder)', path: '/admin', target: 90, cookie: founder },
    ];

    const figures: Figure[] = [];
    for (const page of targets) {
      const scores = { performance: [] as number[], accessibility: [] as number[] };
      const cpu: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(app.baseUrl + page.path, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.message}`);
        for (const category of ['performance', 'accessibility'] as const) {
          scores[category].push(Math.round((result.lhr.categories[category].score ?? 0) * 100));
        }
        cpu.push(Math.round(result.lhr.environment.benchmarkIndex));
        if (run === 0) {
          const audits = result.lhr.audits;
          console.log(
            `${page.path}: FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, ` +
              `TBT ${audits['total-blocking-time'].displayValue}, CLS ${audits['cumulative-layout-shift'].displayValue}`,
          );
        }
      }
      for (const category of ['performance', 'accessibility'] as const) {
        const score = median(scores[category]);
        figures.push({
          name: `${page.name} ${category}`,
          values: {
            [`median of ${RUNS}`]: score,
            runs: scores[category].join(' '),
            // Lighthouse's own CPU benchmark during the runs: below ~1000 the machine was busy and
            // the simulated timings (4x slowdown on top) come out slower than on an idle desktop.
            'cpu index': cpu.join(' '),
            target: `≥ ${page.target}`,
            result: score >= page.target ? 'met' : 'not met',
          },
        });
      }
    }
    printFigures('Lighthouse 12 (mobile, simulated throttling) on the production build', figures);
  } finally {
    chrome.kill();
    await app.stop();
  }
}

await main();
