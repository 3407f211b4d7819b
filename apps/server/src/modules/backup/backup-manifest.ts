import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/database.ts';

/** A failure the operator can act on; the CLI prints its message alone. */
export class BackupError extends Error {}

/** What a backup folder holds, written last (a folder without it is an unfinished backup). */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: DbKind;
  /** PostgreSQL: the schema the tables were dumped from (and are restored into). */
  schema?: string;
  /** Rows per table as of the database snapshot, checked again after a restore. */
  tables: Record<string, number>;
  /** The copied DATA_DIR files (uploads, avatars, draft media). */
  files: { count: number; bytes: number };
  /** Whether DATA_DIR/auth-secret was copied (absent when AUTH_SECRET is set in the environment). */
  authSecret: boolean;
}

/** Names inside a backup folder. */
export const BACKUP = {
  manifest: 'manifest.json',
  sqlite: 'hookline.db',
  postgres: 'hookline.pgdump',
  /** DATA_DIR's files worth keeping, under the same names. */
  data: 'data',
} as const;

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, BACKUP.manifest);
  if (!fs.existsSync(file)) throw new BackupError(`${dir} is not a finished backup: ${BACKUP.manifest} is missing.`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${file}: unknown backup format ${String(manifest.format)}.`);
  return manifest;
}

export function writeManifest(dir: string, manifest: BackupManifest): void {
  fs.writeFileSync(path.join(dir, BACKUP.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** An SQL identifier (a table or schema name) in double quotes, as SQLite and PostgreSQL both read them. */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs one SQL text and answers its rows (a Kysely handle, or a single PostgreSQL connection in a snapshot). */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

export const queryThrough =
  (db: Db): RunQuery =>
  async (text) =>
    (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;

/** Rows per table of the app's schema (the current schema on PostgreSQL), in name order. */
export async function countRows(run: RunQuery, kind: DbKind): Promise<Record<string, number>> {
  const tables = await run(
    kind === 'sqlite'
      ? `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`
      : `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables as { name: string }[]) {
    const [row] = await run(`select count(*) as n from ${quoteIdentifier(name)}`);
    counts[name] = Number(row.n);
  }
  return counts;
}

/** SQLite's own check of a file (pages, indexes, free list) and of its foreign keys: ['ok'] when sound. */
export async function checkSqliteIntegrity(db: Db): Promise<string[]> {
  // NOTE: through the app's connection, whose Unicode lower() the expression indexes were built with.
  const integrity = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows.map((r) => r.integrity_check);
  const foreignKeys = (await sql<{ table: string; rowid: number; parent: string }>`pragma foreign_key_check`.execute(db)).rows.map(
    (r) => `foreign key: ${r.table} row ${r.rowid} points to a missing ${r.parent} row`,
  );
  return [...integrity, ...foreignKeys];
}
