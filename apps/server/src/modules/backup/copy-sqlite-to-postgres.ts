import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { BackupError, countRows, queryThrough, quoteIdentifier } from './backup-manifest.ts';

/** Kysely's own bookkeeping: each database keeps its own, written by the migrations run here. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Tables in an order where every table comes after the tables its foreign keys point to. */
function parentsFirst(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const { parent } of edges.filter((e) => e.child === table && e.parent !== table)) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/**
 * Moves a single-machine install onto PostgreSQL: the rows of an SQLite snapshot, brought to the
 * current schema by the app's migrations, copied table by table into an empty PostgreSQL schema that
 * the same migrations made, in one transaction. SQLite keeps booleans as 0/1 and times as ISO text;
 * the booleans are converted, the times PostgreSQL reads as they are. SQLite's full-text search
 * tables have no counterpart (PostgreSQL searches with trigram indexes). Returns the rows per table.
 */
export async function copySqliteToPostgres(snapshot: string, url: string, options: { force: boolean }): Promise<Record<string, number>> {
  // Beside the backup rather than in the system's temporary folder, which may be a small tmpfs.
  const work = fs.mkdtempSync(path.join(path.dirname(snapshot), '.move-'));
  const copy = path.join(work, 'hookline.db');
  fs.copyFileSync(snapshot, copy);
  const from = openDatabase({ kind: 'sqlite', file: copy });
  const to = openDatabase({ kind: 'postgres', url });
  try {
    if ((await listTables(to)).length > 0) {
      if (!options.force) {
        throw new BackupError(
          'The PostgreSQL schema already has tables: move the SQLite backup into an empty database, or pass --force to drop them and copy again.',
        );
      }
      await dropTables(to);
    }
    await migrateToLatest(from);
    await migrateToLatest(to);
    return await copyRows(from, to);
  } catch (error) {
    // The schema was empty: leave it so, and a second run can start again.
    await dropTables(to).catch(() => undefined);
    throw error;
  } finally {
    await from.close();
    await to.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const listTables = async (handle: DatabaseHandle) =>
  (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db)
  ).rows.map((r) => r.name);

async function dropTables(handle: DatabaseHandle) {
  for (const table of await listTables(handle)) await sql`drop table if exists ${sql.table(table)} cascade`.execute(handle.db);
}

async function copyRows(from: DatabaseHandle, to: DatabaseHandle): Promise<Record<string, number>> {
  const columns = (
    await sql<{ table: string; column: string; type: string }>`select table_name as "table", column_name as "column", data_type as type
      from information_schema.columns where table_schema = current_schema()`.execute(to.db)
  ).rows.filter((c) => !MIGRATION_TABLES.has(c.table));
  const edges = (
    await sql<{ child: string; parent: string }>`select tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(to.db)
  ).rows;
  const tables = parentsFirst([...new Set(columns.map((c) => c.table))].sort(), edges);
  const counts: Record<string, number> = {};
  await to.db.transaction().execute(async (trx) => {
    for (const table of tables) {
      const names = columns.filter((c) => c.table === table).map((c) => c.column);
      const booleans = new Set(columns.filter((c) => c.table === table && c.type === 'boolean').map((c) => c.column));
      // PostgreSQL takes at most 65,535 parameters in a statement; pages by rowid keep memory flat.
      const pageSize = Math.floor(60_000 / names.length);
      counts[table] = 0;
      for (let after = 0; ;) {
        const page = (
          await sql<Record<string, unknown> & { copyRowid: number }>`select rowid as "copyRowid", * from ${sql.table(table)}
            where rowid > ${after} order by rowid limit ${pageSize}`.execute(from.db)
        ).rows;
        if (page.length === 0) break;
        const values = page.map(
          (row) => sql`(${sql.join(names.map((n) => (booleans.has(n) && row[n] !== null ? Boolean(row[n]) : row[n])))})`,
        );
        await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) values ${sql.join(values)}`.execute(trx);
        counts[table] += page.length;
        after = page[page.length - 1].copyRowid;
      }
    }
  });
  const written = await countRows(queryThrough(to.db), 'postgres');
  const differences = tables.filter((t) => written[t] !== counts[t]).map((t) => `${quoteIdentifier(t)}: ${written[t]} of ${counts[t]}`);
  if (differences.length > 0) throw new BackupError(`Rows went missing on the way to PostgreSQL: ${differences.join(', ')}`);
  return counts;
}
