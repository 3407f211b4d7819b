import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { openDatabase } from '../../../src/db/database.ts';
import { createFileStore } from '../../../src/lib/file-store.ts';
import { storedKeys } from '../../support/file-store-drivers.ts';
import { multipartBody } from '../../support/multipart.ts';
import {
  databaseUrl,
  remoteCaller,
  runCli,
  signInRemote,
  signUpRemote,
  startServerProcess,
  useScratch,
  type ServerProcess,
} from '../../support/server-process.ts';
import { startS3Server } from '../../support/s3-server.ts';
import { createTestDatabase } from '../../support/test-app.ts';

const FOUNDER = 'founder@move.test';
const CLIENT = 'client@move.test';
const PASSWORD = 'client-password-1';

/** POSTs one file as multipart/form-data, signed in with `cookie`. */
async function upload(url: string, route: string, cookie: string, file: Buffer, filename: string) {
  const form = await multipartBody([{ name: 'file', file, filename, type: 'image/png' }]);
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { ...form.headers, origin: url, cookie },
    body: new Uint8Array(form.payload),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * The move docs/scaling.md describes: a single-machine install (SQLite, files on the disk) backed up,
 * restored into PostgreSQL and an S3 bucket, and served from there with the same accounts, sessions,
 * drafts and files. Runs in the PostgreSQL project only (it needs TEST_DATABASE_URL).
 */
describe('moving a single-machine install onto PostgreSQL and S3', () => {
  let server: ServerProcess | undefined;
  const { root, cleanups } = useScratch('hookline-move-', () => server);

  it('restores an SQLite backup with its disk files into PostgreSQL and a bucket, and the new install serves it all', async () => {
    const oldDir = path.join(root, 'old');
    const newDir = path.join(root, 'new');
    const backupDir = path.join(root, 'backup');
    fs.mkdirSync(oldDir);
    fs.mkdirSync(newDir);
    const oldEnv = { DATA_DIR: oldDir, FOUNDER_EMAIL: FOUNDER };
    server = await startServerProcess({ env: oldEnv });
    const founderCookie = await signUpRemote(server.url, FOUNDER);
    const clientCookie = await signUpRemote(server.url, CLIENT, PASSWORD);
    const client = remoteCaller(server.url, clientCookie);
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const avatarUrl = (await upload(server.url, '/api/me/avatar', clientCookie, png, 'me.png')).url as string;
    const drafts = [];
    for (const text of ['First post', 'Second post', 'Third post']) {
      const created = await client('POST', '/api/drafts', { type: 'post', text });
      expect(created.status).toBe(201);
      drafts.push(created.body as { id: string });
    }
    await upload(server.url, `/api/drafts/${drafts[0].id}/media`, clientCookie, png, 'cover.png');
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    server = undefined;
    const backedUp = await runCli(['backup', backupDir], { env: oldEnv, cwd: oldDir });
    expect([backedUp.code, backedUp.stderr]).toEqual([0, '']);

    // The new install: PostgreSQL, a bucket, a DATA_DIR of its own.
    const database = await createTestDatabase(newDir);
    cleanups.push(database.drop);
    expect(database.target.kind).toBe('postgres');
    const s3 = await startS3Server();
    cleanups.push(s3.close);
    const newEnv = { DATA_DIR: newDir, DATABASE_URL: databaseUrl(database.target), FOUNDER_EMAIL: FOUNDER, ...s3.env };
    const restored = await runCli(['restore', backupDir], { env: newEnv, cwd: newDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .+: sqlite, /);
    expect((await storedKeys(createFileStore(loadConfig(newEnv)))).map((k) => k.split('/')[0])).toEqual(['avatars', 'drafts']);
    expect(fs.existsSync(path.join(newDir, 'files'))).toBe(false);

    server = await startServerProcess({ env: newEnv });
    // The sessions of the old install still hold, and a password signs in.
    expect(await remoteCaller(server.url, clientCookie)('GET', '/api/me')).toMatchObject({ status: 200, body: { email: CLIENT } });
    const signedIn = await signInRemote(server.url, CLIENT, PASSWORD);
    expect(signedIn.status).toBe(200);
    const list = await remoteCaller(server.url, signedIn.cookie)('GET', '/api/drafts');
    expect((list.body as { text: string }[]).map((d) => d.text).sort()).toEqual(['First post', 'Second post', 'Third post']);
    const media = await fetch(`${server.url}/api/drafts/${drafts[0].id}/media`, { headers: { cookie: clientCookie } });
    expect(Buffer.from(await media.arrayBuffer()).equals(png)).toBe(true);
    const avatar = await fetch(`${server.url}${avatarUrl}`);
    expect(Buffer.from(await avatar.arrayBuffer()).equals(png)).toBe(true);
    // Staff find the client with PostgreSQL's search.
    const found = await remoteCaller(server.url, founderCookie)('GET', '/api/admin/clients?search=client');
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain(CLIENT);

    await server.stop('SIGTERM');
    server = undefined;
    // SQLite's 0/1 became PostgreSQL booleans.
    const inspector = openDatabase(database.target);
    const verified = await inspector.db.selectFrom('user').select(['email', 'emailVerified']).orderBy('email').execute();
    await inspector.close();
    expect(verified).toEqual([
      { email: CLIENT, emailVerified: false },
      { email: FOUNDER, emailVerified: false },
    ]);

    // A second move is refused as it stands, and with --force starts again from an empty schema.
    const again = await runCli(['restore', backupDir], { env: newEnv, cwd: newDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty.+--force/);
    const forced = await runCli(['restore', backupDir, '--force'], { env: newEnv, cwd: newDir });
    expect([forced.code, forced.stderr]).toEqual([0, '']);
    server = await startServerProcess({ env: newEnv });
    expect(await remoteCaller(server.url, clientCookie)('GET', '/api/me')).toMatchObject({ status: 200, body: { email: CLIENT } });
  }, 240_000);
});
