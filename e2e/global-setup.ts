import fs from 'node:fs';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { startFakeAirtable } from '../apps/server/test/support/airtable.ts';
import { startFakeOpenAI } from '../apps/server/test/support/fake-openai.ts';
import { SERVICES_ENV } from './support/app.ts';
import { startMailbox } from './support/mailbox.ts';
import { startOidcProvider } from './support/oidc-provider.ts';

/** The channel every connected YouTube or LinkedIn account turns out to be (the channel provider's profile answer). */
export const CHANNEL_HANDLE = '@e2e-studio';
const AIRTABLE = { token: 'e2e-airtable-token', baseId: 'appE2E', table: 'Onboarding' };
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Starts the services the app talks to (a real SMTP server, a real OIDC provider, Airtable, an
 * OpenAI-compatible chat service, the channel providers) once for the whole run, and hands their
 * settings to the workers; each worker starts an app of its own on them (support/test.ts).
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

  process.env[SERVICES_ENV] = JSON.stringify({
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
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
  });

  return async () => {
    await Promise.all([mailbox.close(), oidc.close(), airtable.close(), channels.stop()]);
    await openai.close();
  };
}
