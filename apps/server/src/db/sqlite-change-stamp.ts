import fs from 'node:fs';
import type SQLite from 'better-sqlite3';

/** One copy of the WAL-index header; the -shm file starts with two (sqlite.org/walformat.html, 2.1). */
const HEADER_BYTES = 48;
/** The header's isInit byte: 0 until a connection has built the index. */
const IS_INIT_OFFSET = 12;

export interface SqliteChangeStamp {
  read(): string | null;
  /** After the connection has closed. */
  close(): void;
}

/**
 * Descriptors of -shm files, one per file for the whole process. Closing any descriptor of a file
 * drops every POSIX lock the process holds on it, SQLite's included (the lock that tells other
 * processes this one uses the WAL index): one is closed only when the last handle using it has
 * closed its connection.
 */
const shmFiles = new Map<string, { fd: number; users: number }>();

function openShm(file: string) {
  const shm = shmFiles.get(file) ?? { fd: fs.openSync(file, 'r'), users: 0 };
  shm.users++;
  shmFiles.set(file, shm);
  return {
    fd: shm.fd,
    close() {
      if (--shm.users > 0) return;
      shmFiles.delete(file);
      fs.closeSync(shm.fd);
    },
  };
}

/**
 * The change stamp of a SQLite database in WAL mode (DatabaseHandle.changeStamp), read from the
 * WAL-index header that every connection, in any process, rewrites when it commits: its change
 * counter, last valid frame, salts and checksum. One pread of the -shm file, where `pragma
 * data_version` took the WAL's locks (several system calls). A write rewrites the second copy, then
 * the first; copies that differ mean one is under way: null, so the caller runs its queries.
 * Without WAL (an in-memory database) it is this connection's total changes and the data_version
 * other connections' commits move, read by two statements.
 */
export function openSqliteChangeStamp(sqlite: SQLite.Database): SqliteChangeStamp {
  if (String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') {
    const totalChanges = sqlite.prepare('select total_changes()').pluck();
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    return { read: () => `${totalChanges.get() as number}.${dataVersion.get() as number}`, close: () => undefined };
  }
  // A read builds the WAL index (and the -shm file) if no connection has yet. SQLite names the
  // -shm file after the database's real path (a symbolic link resolved), as database_list gives it.
  sqlite.pragma('data_version');
  const [main] = sqlite.pragma('database_list') as Array<{ file: string }>;
  const shm = openShm(`${main.file}-shm`);
  const header = Buffer.alloc(2 * HEADER_BYTES);
  return {
    read() {
      const read = fs.readSync(shm.fd, header, 0, header.length, 0);
      if (read < header.length || header[IS_INIT_OFFSET] === 0) return null;
      if (header.compare(header, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return null;
      return header.toString('latin1', 0, HEADER_BYTES);
    },
    close: shm.close,
  };
}
