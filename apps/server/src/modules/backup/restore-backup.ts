import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import {
  BACKUP,
  BackupError,
  checkSqliteIntegrity,
  countRows,
  queryThrough,
  quoteIdentifier,
  readManifest,
  type BackupManifest,
} from './backup-manifest.ts';
import { createFileStore } from '../../lib/file-store.ts';
import { copySqliteToPostgres } from './copy-sqlite-to-postgres.ts';
import { copyFolderToStore, hasStoredFiles, KEPT_IN_DATA_DIR } from './data-files.ts';
import { libpqEnv, runPgTool } from './pg-tools.ts';

const PG_RESTORE_HELP =
  "Install the PostgreSQL client tools of the server's major version (Debian: apt-get install postgresql-client), or restore by hand: pg_restore --no-owner --single-transaction --dbname=<database> hookline.pgdump.";

/**
 * Restores a backup folder into the configured database, file store (disk or S3) and DATA_DIR, with
 * the server stopped. An SQLite backup restores into PostgreSQL too: the move onto several machines.
 * It refuses to overwrite an existing database or files unless `force`, and checks the result:
 * the same rows per table as the manifest and, on SQLite, a passing integrity check.
 */
export async function restoreBackup(config: AppConfig, dir: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifest = readManifest(dir);
  const force = options.force ?? false;
  // SQLite to PostgreSQL is the move of a single-machine install onto several; the other way is not.
  const moving = manifest.database === 'sqlite' && config.database.kind === 'postgres';
  if (manifest.database !== config.database.kind && !moving) {
    throw new BackupError(`This backup holds a ${manifest.database} database, but DATABASE_URL points to ${config.database.kind}.`);
  }
  const files = createFileStore(config);
  if (!force && (await hasStoredFiles(files))) {
    const where = config.S3_BUCKET ? `The S3 bucket ${config.S3_BUCKET}` : path.join(config.dataDir, KEPT_IN_DATA_DIR.files);
    throw new BackupError(`${where} is not empty: restore into a fresh file store, or pass --force to copy the backup's files over it.`);
  }

  if (config.database.kind === 'sqlite') restoreSqlite(config.database.file, dir, force);
  else if (moving) await copySqliteToPostgres(path.join(dir, BACKUP.sqlite), config.database.url, { force });
  else await restorePostgres(config.database.url, dir, manifest.schema ?? 'public', force);
  // A move checks its own counts: the two databases hold different bookkeeping and search tables.
  if (!moving) await checkRestoredDatabase(config, manifest);

  // After the database, so a refusal above changes nothing. Should the store fail on the way (a denied
  // key, a dropped connection), the same command with --force starts again.
  await copyFolderToStore(path.join(dir, BACKUP.data, KEPT_IN_DATA_DIR.files), files);
  if (manifest.authSecret) {
    const secret = path.join(config.dataDir, KEPT_IN_DATA_DIR.authSecret);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(path.join(dir, BACKUP.data, KEPT_IN_DATA_DIR.authSecret), secret);
    fs.chmodSync(secret, 0o600);
  }
  return manifest;
}

function restoreSqlite(file: string, dir: string, force: boolean) {
  const existing = [file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f));
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `${file} already exists: stop the server and restore into a fresh DATA_DIR (or DATABASE_URL), or pass --force to replace it.`,
    );
  }
  for (const f of existing) fs.rmSync(f);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(path.join(dir, BACKUP.sqlite), file);
}

/**
 * pg_restore into the manifest's schema, in one transaction. The schema is made here and its own
 * entry left out of the dump's list, so a fresh database's existing "public" is no conflict.
 */
async function restorePostgres(url: string, dir: string, schema: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let trigrams = true;
  try {
    await client.query(`create schema if not exists ${quoteIdentifier(schema)}`);
    // Migration 008's trigram indexes need pg_trgm; a server that cannot have it gets the tables without them.
    trigrams = await client.query('create extension if not exists pg_trgm schema public').then(
      () => true,
      () => false,
    );
    const { rows } = await client.query<{ current: string | null; tables: string }>(
      "select current_schema() as current, (select count(*) from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE') as tables",
      [schema],
    );
    if (rows[0].current !== schema) {
      throw new BackupError(
        `The backup's tables belong in schema "${schema}", but the app would look in "${rows[0].current ?? '(none)'}": ` +
          `add options=-c search_path=${schema} to DATABASE_URL.`,
      );
    }
    if (Number(rows[0].tables) > 0 && !force) {
      throw new BackupError(
        `Schema "${schema}" already has tables: restore into an empty database, or pass --force to drop and replace them.`,
      );
    }
  } finally {
    await client.end();
  }
  const dump = path.join(dir, BACKUP.postgres);
  const list = (await runPgTool('pg_restore', ['--list', dump], url, PG_RESTORE_HELP))
    .split('\n')
    .filter((line) => !/^\d+; \d+ \d+ SCHEMA - /.test(line) && (trigrams || !/ INDEX .*_trgm_idx /.test(line)))
    .join('\n');
  const listFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-restore-')), 'toc.list');
  fs.writeFileSync(listFile, list);
  const env = libpqEnv(url);
  try {
    await runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(force ? ['--clean', '--if-exists'] : []),
        `--use-list=${listFile}`,
        `--dbname=${env.PGDATABASE ?? env.PGUSER ?? 'postgres'}`,
        dump,
      ],
      url,
      PG_RESTORE_HELP,
    );
  } finally {
    fs.rmSync(path.dirname(listFile), { recursive: true, force: true });
  }
}

async function checkRestoredDatabase(config: AppConfig, manifest: BackupManifest) {
  const restored = openDatabase(config.database);
  try {
    if (restored.kind === 'sqlite') {
      const problems = await checkSqliteIntegrity(restored.db);
      if (problems.join() !== 'ok')
        throw new BackupError(`The restored database failed SQLite's integrity check: ${problems.slice(0, 5).join('; ')}`);
    }
    const counts = await countRows(queryThrough(restored.db), restored.kind);
    const differences = Object.keys({ ...manifest.tables, ...counts })
      .filter((table) => counts[table] !== manifest.tables[table])
      .map((table) => `${table}: ${counts[table] ?? 'missing'} rows, the backup had ${manifest.tables[table] ?? 'none'}`);
    if (differences.length > 0) throw new BackupError(`The restored database differs from the backup:\n  ${differences.join('\n  ')}`);
  } finally {
    await restored.close();
  }
}
