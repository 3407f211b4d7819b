import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';
import type { Database } from './schema.ts';

/**
 * Transactions begin with BEGIN IMMEDIATE: a deferred one that reads, then writes, fails at once with
 * SQLITE_BUSY when another process (a worker, a second instance, the CLI) committed in between;
 * taking the write lock first makes it wait its turn (busy_timeout) instead.
 * SQLite's DDL is transactional, but Kysely's adapter says otherwise and so runs migrations with no
 * lock at all: processes starting together on a fresh file each ran them ("duplicate column").
 * Saying yes puts the whole run in one such transaction, so the second waits and then finds it done.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig);
  }
  override createAdapter() {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl() {
        return true;
      }
    })();
  }
  override createDriver() {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.sqliteConfig);
  }
}

export type DbKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export type DatabaseTarget =
  { kind: 'sqlite'; file: string; synchronous?: 'full' | 'normal' } | { kind: 'postgres'; url: string; schema?: string };

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /** Queries waiting for a pooled connection (PostgreSQL); SQLite runs each at once: 0. */
  waitingQueries(): number;
  close(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    // WAL for concurrent readers, FULL sync so an acknowledged write survives a power loss;
    // SQLITE_SYNCHRONOUS=normal trades that for cheap commits (ADR 044).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${target.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // SQLite's lower() folds ASCII only; PostgreSQL's folds all of Unicode. Searches must agree.
    sqlite.function(
      'lower',
      { deterministic: true },
      (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value) as string | null,
    );
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, kind: 'sqlite', waitingQueries: () => 0, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', waitingQueries: () => pool.waitingCount, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; compiling the same SQL again was several percent of a
 * request (issue 6). Statements are reused by their SQL text; one still being iterated (a stream)
 * is busy, so a fresh one is prepared for that call. The oldest entries go first beyond the limit.
 */
function withStatementCache(sqlite: SQLite.Database): Pick<SQLite.Database, 'prepare' | 'close'> {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  } as Pick<SQLite.Database, 'prepare' | 'close'>;
}

/** Readiness probe: true when a trivial query answers. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const nowIso = () => new Date().toISOString();
