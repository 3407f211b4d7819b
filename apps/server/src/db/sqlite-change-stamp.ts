import fs from 'node:fs';
import type SQLite from 'better-sqlite3';

/** One copy of the WAL-index header; the -shm file starts with two (sqlite.org/walformat.html, 2.1). */
const HEADER_BYTES = 48;
/** The header's isInit byte: 0 until a connection has built the index. */
const IS_INIT_OFFSET = 12;

export interface SqliteChangeStamp {
  read(): string | null;
  close(): void;
}

/**
 * The change stamp of a SQLite database in WAL mode (DatabaseHandle.changeStamp), read from the
 * WAL-index header that every connection, in any process, rewrites when it commits: its change
 * counter, last valid frame, salts and checksum. One pread of the -shm file, where `pragma
 * data_version` took the WAL's locks (several system calls, a tenth of a kept list read). A write
 * rewrites the second copy, then the first; copies that differ mean one is under way: null, so the
 * caller runs its queries. Without WAL (an in-memory database, no other connection) the stamp is
 * this connection's total changes.
 */
export function openSqliteChangeStamp(sqlite: SQLite.Database, file: string): SqliteChangeStamp {
  if (String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') {
    const totalChanges = sqlite.prepare('select total_changes()').pluck();
    return { read: () => String(totalChanges.get()), close: () => undefined };
  }
  // A read builds the WAL index (and the -shm file) if no connection has yet.
  sqlite.pragma('data_version');
  const fd = fs.openSync(`${file}-shm`, 'r');
  const header = Buffer.alloc(2 * HEADER_BYTES);
  return {
    read() {
      const read = fs.readSync(fd, header, 0, header.length, 0);
      if (read < header.length || header[IS_INIT_OFFSET] === 0) return null;
      if (header.compare(header, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return null;
      return header.toString('latin1', 0, HEADER_BYTES);
    },
    close: () => fs.closeSync(fd),
  };
}
