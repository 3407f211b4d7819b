import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { startFakeAirtable } from '../apps/server/test/support/airtable.ts';
import { startFakeOpenAI } from '../apps/server/test/support/fake-openai.ts';
import { startMailbox } from './support/mailbox.ts';
import { startOidcProvider } from './support/oidc-provider.ts';

export const FOUNDER_EMAIL = 'founder@e2e.test';
/** Founders of their own for journeys that must not share an account with parallel ones. */
export const ADMIN_JOURNEY_FOUNDER = 'admin-journeys@e2e.test';
export const SETTINGS_JOURNEY_FOUNDER = 'settings-journey@e2e.test';
export const A11Y_JOURNEY_FOUNDER = 'a11y-journey@e2e.test';
/** The channel every connected YouTube or LinkedIn account turns out to be (the channel provider's profile answer). */
export const CHANNEL_HANDLE = '@e2e-studio';
export const AIRTABLE = { token: 'e2e-airtable-token', baseId: 'appE2E', table: 'Onboarding' };
const ROOT = path.resolve(import.meta.dirname, '..');

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

async function waitUntilReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not become ready at ${url}`);
}

/**
 * Starts the production build (npm run build first) on a fresh data dir, with a real SMTP server
 * and a real OIDC provider beside it, and stops all three after the run.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js')) || !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('No production build: run "npm run build" first (npm run test:e2e does).');
  }
  const mailbox = await startMailbox();
  const oidc = await startOidcProvider();
  const airtable = await startFakeAirtable(AIRTABLE);
  // An OpenAI-compatible chat service that streams its replies a word at a time.
  const openai = await startFakeOpenAI({ chunkDelayMs: 30 });
  // A real OAuth 2 server standing in for the YouTube and LinkedIn channel connections.
  const channels = new OAuth2Server();
  await channels.issuer.keys.generate('RS256');
  channels.service.on('beforeUserinfo', (response) => {
    response.body = { items: [{ id: 'UC-e2e-studio', snippet: { title: 'E2E Studio', customUrl: CHANNEL_HANDLE } }] };
  });
  await channels.start(0, '127.0.0.1');
  const channelUrl = channels.issuer.url!;
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-e2e-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      FOUNDER_EMAIL: [FOUNDER_EMAIL, ADMIN_JOURNEY_FOUNDER, SETTINGS_JOURNEY_FOUNDER, A11Y_JOURNEY_FOUNDER].join(','),
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      SIGNIN_RATE_LIMIT: '200',
      ONBOARDING_RATE_LIMIT: '200',
      // A busy test machine can be late by more than the default 500 ms without the app being overloaded.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '2000',
      GOOGLE_CLIENT_ID: 'hookline-e2e',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ISSUER_URL: oidc.url,
      APPLE_CLIENT_ID: '',
      APPLE_CLIENT_SECRET: '',
      AIRTABLE_TOKEN: AIRTABLE.token,
      AIRTABLE_BASE_ID: AIRTABLE.baseId,
      AIRTABLE_TABLE: AIRTABLE.table,
      AIRTABLE_API_URL: airtable.url,
      AI_BASE_URL: `${openai.url}/v1`,
      AI_API_KEY: 'e2e-ai-key',
      AI_MODEL: 'e2e-model',
      CHANNEL_GOOGLE_CLIENT_ID: 'hookline-e2e-channels',
      CHANNEL_GOOGLE_CLIENT_SECRET: 'e2e-channel-secret',
      CHANNEL_GOOGLE_AUTH_URL: `${channelUrl}/authorize`,
      CHANNEL_GOOGLE_TOKEN_URL: `${channelUrl}/token`,
      CHANNEL_GOOGLE_PROFILE_URL: `${channelUrl}/userinfo`,
      CHANNEL_LINKEDIN_CLIENT_ID: 'hookline-e2e-channels',
      CHANNEL_LINKEDIN_CLIENT_SECRET: 'e2e-channel-secret',
      CHANNEL_LINKEDIN_AUTH_URL: `${channelUrl}/authorize`,
      CHANNEL_LINKEDIN_TOKEN_URL: `${channelUrl}/token`,
      CHANNEL_LINKEDIN_PROFILE_URL: `${channelUrl}/userinfo`,
    },
  });
  await waitUntilReady(`${baseUrl}/api/ready`, 30_000);
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    const code = await exited;
    await Promise.all([mailbox.close(), oidc.close(), airtable.close(), channels.stop()]);
    await openai.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`the app exited with ${code} on SIGTERM (expected a clean shutdown)`);
  };
}
