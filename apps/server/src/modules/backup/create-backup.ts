import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { AppConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import {
  BACKUP,
  BackupError,
  checkSqliteIntegrity,
  countRows,
  queryThrough,
  quoteIdentifier,
  writeManifest,
  type BackupManifest,
} from './backup-manifest.ts';
import { createFileStore } from '../../lib/file-store.ts';
import { copyStoreToFolder, KEPT_IN_DATA_DIR } from './data-files.ts';
import { runPgTool } from './pg-tools.ts';

const PG_DUMP_HELP =
  'Install the PostgreSQL client tools of the server\'s major version (Debian: apt-get install postgresql-client), or back up by hand: pg_dump --format=custom --file=hookline.pgdump "$DATABASE_URL", plus DATA_DIR/files and DATA_DIR/auth-secret.';

/**
 * Online backup into a new folder while the app keeps running: a consistent snapshot of the
 * database (SQLite: VACUUM INTO, one read transaction, WAL readers never block writers;
 * PostgreSQL: pg_dump in one exported snapshot, which the row counts are taken in too), then the
 * files worth keeping (from the disk or S3) and the auth secret, then manifest.json.
 * NOTE: files are copied after the snapshot, so every file a snapshot row names was complete before it.
 */
export async function createBackup(config: AppConfig, dir: string): Promise<BackupManifest> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new BackupError(`${dir} already exists and is not empty: choose a new folder.`);
  // The backup holds the auth secret: for the owner only.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { tables, schema } =
    config.database.kind === 'sqlite'
      ? { tables: await snapshotSqlite(config.database.file, dir), schema: undefined }
      : await dumpPostgres(config.database.url, dir);
  const data = path.join(dir, BACKUP.data);
  const files = await copyStoreToFolder(createFileStore(config), path.join(data, KEPT_IN_DATA_DIR.files));
  const secret = path.join(config.dataDir, KEPT_IN_DATA_DIR.authSecret);
  const authSecret = fs.existsSync(secret);
  if (authSecret) {
    fs.mkdirSync(data, { recursive: true });
    fs.copyFileSync(secret, path.join(data, KEPT_IN_DATA_DIR.authSecret));
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.database.kind,
    ...(schema ? { schema } : {}),
    tables,
    files,
    authSecret,
  };
  writeManifest(dir, manifest);
  return manifest;
}

async function snapshotSqlite(file: string, dir: string): Promise<Record<string, number>> {
  if (!fs.existsSync(file)) throw new BackupError(`No database at ${file}: check DATA_DIR and DATABASE_URL.`);
  const target = path.join(dir, BACKUP.sqlite);
  const live = openDatabase({ kind: 'sqlite', file });
  try {
    await sql`vacuum into ${target}`.execute(live.db);
  } finally {
    await live.close();
  }
  const copy = openDatabase({ kind: 'sqlite', file: target });
  try {
    const problems = await checkSqliteIntegrity(copy.db);
    if (problems.join() !== 'ok') throw new BackupError(`The snapshot failed SQLite's integrity check: ${problems.slice(0, 5).join('; ')}`);
    return await countRows(queryThrough(copy.db), 'sqlite');
  } finally {
    await copy.close();
  }
}

async function dumpPostgres(url: string, dir: string): Promise<{ tables: Record<string, number>; schema: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One snapshot for the counts and the dump, so the manifest describes exactly what the dump holds.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string; schema: string | null }>(
      'select pg_export_snapshot() as snapshot, current_schema() as schema',
    );
    const { snapshot, schema } = rows[0];
    if (!schema) throw new BackupError('The database has no schema on its search_path: check DATABASE_URL.');
    const tables = await countRows(async (text) => (await client.query(text)).rows, 'postgres');
    await runPgTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--schema=${quoteIdentifier(schema)}`,
        `--file=${path.join(dir, BACKUP.postgres)}`,
      ],
      url,
      PG_DUMP_HELP,
    );
    await client.query('commit');
    return { tables, schema };
  } finally {
    await client.end();
  }
}
