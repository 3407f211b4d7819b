import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../src/db/database.ts';
import { resolveAuthSecret } from '../../src/lib/auth-secret.ts';
import { createFileStore } from '../../src/lib/file-store.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { secretBoxFor } from '../../src/lib/secret-box.ts';
import { createNetworkAdapters } from '../../src/modules/networks/network-adapters.ts';
import { PostScheduler } from '../../src/modules/publishing/post-scheduler.ts';
import { publishToNetworks, type NetworkPublishDeps } from '../../src/modules/publishing/publish-to-network.ts';
import type { ApiCaller } from './admin.ts';
import { freePort } from './server-process.ts';
import { createTestApp, sessionCookie, TEST_BASE_URL, type TestApp } from './test-app.ts';

/** A clock the test moves: the schedulers made here read the time only from it. */
export interface TestClock {
  now(): Date;
  set(ms: number): void;
}

export function testClock(start: number): TestClock {
  let now = start;
  return { now: () => new Date(now), set: (ms) => void (now = ms) };
}

/**
 * What the app's channel work runs on (its config, tokens box, mailer, file store, the networks'
 * adapters and the media-signing secret), built the way app-context builds it, on a database
 * connection of the test's choosing: the upkeep passes (refreshExpiringChannels, fetchPostMetrics)
 * and renewals can then be called directly, as the job runner would call them.
 */
export function channelDepsOf(t: TestApp, db: Db = t.db): NetworkPublishDeps {
  const { config } = t;
  const log = pino({ level: 'silent' }) as FastifyBaseLogger;
  return {
    config,
    db,
    box: secretBoxFor(config),
    mailer: createMailer(config, log),
    log,
    adapters: createNetworkAdapters(config),
    files: createFileStore(config),
    secret: resolveAuthSecret(config),
  };
}

/** The app's scheduler with the app's publishers (the networks' adapters), on the test's clock. */
export function networkScheduler(t: TestApp, clock: TestClock): PostScheduler {
  return new PostScheduler({
    db: t.db,
    kind: t.target.kind,
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
    publisherFor: publishToNetworks(channelDepsOf(t)),
    pollMs: 1000,
    retryBaseMs: t.config.PUBLISH_RETRY_BASE_MS,
    now: clock.now,
  });
}

/**
 * A test app that listens on a real port of 127.0.0.1, with BASE_URL there: networks that fetch
 * the post's media themselves (Instagram) reach its signed media addresses. The callers of
 * admin.ts keep sending TEST_BASE_URL as their Origin, which is trusted here too.
 */
export async function createListeningTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({ BASE_URL: `http://127.0.0.1:${port}`, TRUSTED_ORIGINS: TEST_BASE_URL, ...env });
  try {
    await t.app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await t.close();
    throw error;
  }
  return t;
}

/**
 * Connects a channel as a user does: Connect in Settings (the app's redirect), the network's
 * authorization page over real HTTP (the fakes consent at once and redirect back), and the app's
 * callback with the state cookie it set. Answers where the app sent the browser in the end
 * (?connected= or ?channelError=). `query` is the start's: instance= for Mastodon, workspaceId= for staff.
 */
export async function connectChannel(t: TestApp, caller: ApiCaller, provider: string, query: Record<string, string> = {}): Promise<URL> {
  const search = new URLSearchParams(query).toString();
  const start = await t.app.inject({
    url: `/api/social/${provider}/auth${search ? `?${search}` : ''}`,
    headers: { cookie: caller.cookie },
  });
  if (start.statusCode !== 302) throw new Error(`connecting ${provider} did not start: ${start.statusCode} ${start.body}`);
  const location = String(start.headers.location);
  // A start the app refused goes straight back to the dashboard with the reason.
  if (location.startsWith('/')) return new URL(location, TEST_BASE_URL);
  const consent = await fetch(location, { redirect: 'manual' });
  const back = consent.headers.get('location');
  if (consent.status !== 302 || !back)
    throw new Error(`${provider}'s authorization page answered ${consent.status}: ${await consent.text()}`);
  const callbackUrl = new URL(back);
  const callback = await t.app.inject({
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { cookie: `${caller.cookie}; ${sessionCookie(start.headers['set-cookie'])}` },
  });
  if (callback.statusCode !== 302) throw new Error(`${provider}'s callback answered ${callback.statusCode}: ${callback.body}`);
  return new URL(String(callback.headers.location), TEST_BASE_URL);
}
