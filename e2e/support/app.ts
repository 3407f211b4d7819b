import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const FOUNDER_EMAIL = 'founder@e2e.test';
/** Founders of their own for journeys that must not share an account with others on the same app. */
export const ADMIN_JOURNEY_FOUNDER = 'admin-journeys@e2e.test';
export const SETTINGS_JOURNEY_FOUNDER = 'settings-journey@e2e.test';
export const A11Y_JOURNEY_FOUNDER = 'a11y-journey@e2e.test';

/** The environment variable through which global-setup hands its services' settings to the workers. */
export const SERVICES_ENV = 'E2E_APP_SERVICES';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface App {
  url: string;
  /** Stops the app with SIGTERM and deletes its data; throws unless it shut down cleanly. */
  stop: () => Promise<void>;
  /** Stops the app with SIGTERM and starts it again on the same port and data, as a deploy does. */
  restart: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUntilReady(url: string, exited: Promise<number | null>, timeoutMs: number) {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the app exited with ${exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`the app did not become ready at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the production build (apps/server/dist/main.js) on a port and an SQLite database of its
 * own, talking to the mail, sign-in, Airtable, AI and channel services global-setup started. `env`
 * adds to or overrides its settings (a journey's own networks, say).
 */
export async function startApp(env: Record<string, string> = {}): Promise<App> {
  const services = process.env[SERVICES_ENV];
  if (!services) throw new Error(`${SERVICES_ENV} is not set: run the journeys with Playwright, whose global-setup sets it.`);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-e2e-'));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });

  /** One run of the server process on this port and data; answers how to wait for its exit. */
  const run = async () => {
    const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        ...(JSON.parse(services) as Record<string, string>),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        FOUNDER_EMAIL: [FOUNDER_EMAIL, ADMIN_JOURNEY_FOUNDER, SETTINGS_JOURNEY_FOUNDER, A11Y_JOURNEY_FOUNDER].join(','),
        SIGNIN_RATE_LIMIT: '200',
        ONBOARDING_RATE_LIMIT: '200',
        ...env,
      },
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      // Usually ready in a second or two; 25–30 s seen while the machine ran two other test suites.
      await waitUntilReady(`${url}/api/ready`, exited, 60_000);
    } catch (error) {
      server.kill('SIGKILL');
      await exited;
      throw error;
    }
    return async () => {
      server.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`the app exited with ${code} on SIGTERM (expected a clean shutdown)`);
    };
  };

  let stopRun: () => Promise<void>;
  try {
    stopRun = await run();
  } catch (error) {
    removeData();
    throw error;
  }
  return {
    url,
    async stop() {
      try {
        await stopRun();
      } finally {
        removeData();
      }
    },
    async restart() {
      await stopRun();
      stopRun = await run();
    },
  };
}
