import SQLite from 'better-sqlite3';

/**
 * A connection to the app's SQLite file with the app's lower() (it folds all of Unicode, as
 * PostgreSQL's does; apps/server/src/db/database.ts): the expression indexes on lower(…) and the
 * sorts of the lists use it, so a connection without it would plan and order differently.
 */
export function openAppSqlite(file: string): SQLite.Database {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  db.function(
    'lower',
    { deterministic: true },
    (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value) as string | null,
  );
  return db;
}
