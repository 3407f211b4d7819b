import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { openDatabase, type DatabaseTarget } from '../../../src/db/database.ts';
import { createFileStore } from '../../../src/lib/file-store.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';
import { checkSqliteIntegrity, countRows, queryThrough, type BackupManifest } from '../../../src/modules/backup/backup-manifest.ts';
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
import { startS3Server, type S3Env } from '../../support/s3-server.ts';
import { createTestDatabase } from '../../support/test-app.ts';
import { findLostWrites, startWriteLoad, WRITE_LOAD_ENV, type AcknowledgedWrites } from '../../support/write-load.ts';

/**
 * Where a fresh instance keeps its restored data: a new SQLite file, or on PostgreSQL a new
 * database (the dump recreates the backed-up schema by its name, which the live one still holds).
 */
async function createRestoreTarget(from: DatabaseTarget, dataDir: string): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (from.kind === 'sqlite') return { target: { kind: 'sqlite', file: path.join(dataDir, 'restored.db') }, drop: async () => {} };
  const name = `r_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: from.url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(from.url);
  url.pathname = `/${name}`;
  return { target: { ...from, url: url.toString() }, drop: () => admin(`drop database ${name} with (force)`) };
}

const copyOf = (acknowledged: AcknowledgedWrites): AcknowledgedWrites => structuredClone(acknowledged);
const totalRows = (tables: Record<string, number>) => Object.values(tables).reduce((sum, n) => sum + n, 0);

describe('backup and restore', () => {
  let server: ServerProcess | undefined;
  const { root, cleanups } = useScratch('hookline-backup-', () => server);
  const liveDir = path.join(root, 'live');
  const freshDir = path.join(root, 'fresh');
  const backupDir = path.join(root, 'backup');

  it('backs up a running server under a write load and restores it into a fresh instance: same rows, files and sign-in', async () => {
    fs.mkdirSync(liveDir);
    fs.mkdirSync(freshDir);
    const live = await createTestDatabase(liveDir);
    cleanups.push(live.drop);
    // Files on the disk beside SQLite, and in S3 buckets beside PostgreSQL, as deployments that scale out keep them.
    const bucket = async (): Promise<Partial<S3Env>> => {
      if (live.target.kind === 'sqlite') return {};
      const s3 = await startS3Server();
      cleanups.push(s3.close);
      return s3.env;
    };
    const liveEnv = { DATA_DIR: liveDir, DATABASE_URL: databaseUrl(live.target), ...WRITE_LOAD_ENV, ...(await bucket()) };
    server = await startServerProcess({ env: liveEnv });
    const liveUrl = server.url;

    // An account to sign in with after the restore, with an avatar: a file in DATA_DIR.
    const keeperCookie = await signUpRemote(liveUrl, 'keeper@example.com', 'keeper-password-1');
    const avatar = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const form = await multipartBody([{ name: 'file', file: avatar, filename: 'me.png', type: 'image/png' }]);
    const uploaded = await fetch(`${liveUrl}/api/me/avatar`, {
      method: 'POST',
      headers: { ...form.headers, origin: liveUrl, cookie: keeperCookie },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(200);
    const avatarUrl = ((await uploaded.json()) as { url: string }).url;

    // A clip job's file in the file store: gone two hours after its job, so never backed up.
    await createFileStore(loadConfig(liveEnv)).put('clipper/job-1/clips/talk-clip-1.mp4', 'clip');

    const load = await startWriteLoad(liveUrl);
    await load.waitForCount(30);
    const acknowledgedBeforeBackup = copyOf(load.acknowledged);
    const countBeforeBackup = load.count();
    const backedUp = await runCli(['backup', backupDir], { env: liveEnv, cwd: liveDir });
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backup written to .+ in \d+ ms: /);
    const writesDuringBackup = load.count() - countBeforeBackup;
    // The snapshot was taken at some moment of the backup: the rewritten draft may hold any version sent until its end.
    acknowledgedBeforeBackup.rewrites.sent = load.acknowledged.rewrites.sent;
    await load.waitForCount(load.count() + 20);
    await load.stop();
    expect(load.refusals).toEqual([]);
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    server = undefined;
    console.log(`backup (${live.target.kind}) under load: ${backedUp.stdout.trim()}; writes acknowledged meanwhile: ${writesDuringBackup}`);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ format: 1, database: live.target.kind, authSecret: true, files: { count: 1 } });
    expect(fs.readdirSync(path.join(backupDir, 'data', 'files'))).not.toContain('clipper');
    // The live database went on after the snapshot: the backup holds fewer rows than it has now.
    const liveInspector = openDatabase(live.target);
    const liveRows = await countRows(queryThrough(liveInspector.db), live.target.kind);
    await liveInspector.close();
    expect(totalRows(liveRows)).toBeGreaterThan(totalRows(manifest.tables));

    // A fresh instance: a new DATA_DIR and an empty database.
    const fresh = await createRestoreTarget(live.target, freshDir);
    cleanups.push(fresh.drop);
    const freshEnv = { DATA_DIR: freshDir, DATABASE_URL: databaseUrl(fresh.target), ...WRITE_LOAD_ENV, ...(await bucket()) };
    const restored = await runCli(['restore', backupDir], { env: freshEnv, cwd: freshDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .+ in \d+ ms: /);
    console.log(`restore (${fresh.target.kind}): ${restored.stdout.trim()}`);

    const inspector = openDatabase(fresh.target);
    try {
      // The same rows per table as the backup had, checked here apart from the CLI's own check.
      expect(await countRows(queryThrough(inspector.db), fresh.target.kind)).toEqual(manifest.tables);
      // Every write acknowledged before the backup started is in it.
      expect(await findLostWrites(inspector.db, acknowledgedBeforeBackup)).toEqual({
        onboardingRequests: [],
        drafts: [],
        notes: [],
        rewrite: [],
      });
      if (fresh.target.kind === 'sqlite') expect(await checkSqliteIntegrity(inspector.db)).toEqual(['ok']);
    } finally {
      await inspector.close();
    }

    // The restored instance serves a sign-in, the sessions made before the backup, and the files.
    server = await startServerProcess({ env: freshEnv });
    const signedIn = await signInRemote(server.url, 'keeper@example.com', 'keeper-password-1');
    expect(signedIn.status).toBe(200);
    const me = await remoteCaller(server.url, signedIn.cookie)('GET', '/api/me');
    expect(me).toMatchObject({ status: 200, body: { email: 'keeper@example.com' } });
    expect((await remoteCaller(server.url, keeperCookie)('GET', '/api/me')).status).toBe(200);
    const served = await fetch(`${server.url}${avatarUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(avatar)).toBe(true);
    await server.stop('SIGTERM');
    server = undefined;

    // Nothing is overwritten by mistake: a second restore into the same instance is refused.
    const again = await runCli(['restore', backupDir], { env: freshEnv, cwd: freshDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty|already exists|already has tables/);
  }, 240_000);

  it('refuses a backup folder that is not empty, and on PostgreSQL without pg_dump says what to do', async () => {
    const dir = path.join(root, 'refusals');
    fs.mkdirSync(dir);
    const { target, drop } = await createTestDatabase(dir);
    cleanups.push(drop);
    const env = { DATA_DIR: dir, DATABASE_URL: databaseUrl(target) };
    // Migrations make the tables (the server would at its first start).
    const database = openDatabase(target);
    await migrateToLatest(database);
    await database.close();

    const occupied = await runCli(['backup', root], { env, cwd: dir });
    expect(occupied.code).toBe(1);
    expect(occupied.stderr).toContain('already exists and is not empty: choose a new folder');

    const emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-no-tools-'));
    const withoutTools = await runCli(['backup', path.join(root, 'no-tools')], { env: { ...env, PATH: emptyPath }, cwd: dir });
    fs.rmSync(emptyPath, { recursive: true });
    if (target.kind === 'postgres') {
      expect(withoutTools.code).toBe(1);
      expect(withoutTools.stderr).toContain('pg_dump was not found on PATH');
      expect(withoutTools.stderr).toContain('pg_dump --format=custom');
    } else {
      // SQLite needs no outside tool.
      expect(withoutTools).toMatchObject({ code: 0, stderr: '' });
    }
  }, 60_000);
});
