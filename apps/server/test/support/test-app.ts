import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseTarget, type Db } from '../../src/db/database.ts';

export const TEST_BASE_URL = 'http://localhost:3000';
export const ORIGIN = { origin: TEST_BASE_URL };

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  /** Where the app keeps its data: its SQLite file, or its PostgreSQL schema. */
  target: DatabaseTarget;
  /** A second, independent connection to the app's database, for checking what the API stored. */
  db: Db;
  close(): Promise<void>;
}

/**
 * A database of its own for one test: an SQLite file in dataDir, or (TEST_DB=postgres) a fresh
 * schema in TEST_DATABASE_URL; drop() removes the schema (the SQLite file goes with dataDir).
 */
export async function createTestDatabase(dataDir: string): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { target: { kind: 'sqlite', file: path.join(dataDir, 'test.db') }, drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    target: { kind: 'postgres', url, schema },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * A real app on a fresh database: an SQLite file of its own, or (TEST_DB=postgres) a schema of
 * its own in TEST_DATABASE_URL, dropped afterwards.
 */
/** A test app's configuration: quiet, at TEST_BASE_URL, its data under dataDir; env overrides. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    BASE_URL: TEST_BASE_URL,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Shedding follows the machine's load, not the test's; overload.test.ts turns it on.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_DB_WAITING: '0',
    ...env,
  });
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'logDestination'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-test-'));
  const config = testConfig(dataDir, env);
  const { target, drop: dropSchema } = await createTestDatabase(dataDir);
  const app = await buildApp(config, { ...options, databaseTarget: target, serveWeb: false });
  await app.ready();
  const inspector = openDatabase(target);
  return {
    app,
    config,
    dataDir,
    target,
    db: inspector.db,
    async close() {
      await inspector.close();
      await app.close();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The cookie header for the session cookies a response set. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signUp(app: FastifyInstance, input: { email: string; password?: string; name?: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: ORIGIN,
    payload: { email: input.email, password: input.password ?? 'correct-horse-1', name: input.name ?? '' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response.headers['set-cookie']), user: response.json().user as { id: string; email: string } };
}

/** Signs in with email and password; returns the session cookie and the bearer token (Better Auth bearer plugin). */
export async function signIn(app: FastifyInstance, input: { email: string; password?: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    payload: { email: input.email, password: input.password ?? 'correct-horse-1' },
  });
  const token = response.headers['set-auth-token'];
  return {
    response,
    cookie: sessionCookie(response.headers['set-cookie']),
    token: typeof token === 'string' ? token : undefined,
  };
}
