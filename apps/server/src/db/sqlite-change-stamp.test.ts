import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteChangeStamp, type SqliteChangeStamp } from './sqlite-change-stamp.ts';

/** Whether another process could take SQLite's deadman-switch lock on a -shm file (byte 128) now. */
const dmsLock = (shm: string) =>
  execFileSync('python3', [
    '-c',
    [
      'import fcntl, os, sys',
      'fd = os.open(sys.argv[1], os.O_RDWR)',
      'try:',
      '  fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 128)',
      "  print('free')",
      'except OSError:',
      "  print('held')",
    ].join('\n'),
    shm,
  ])
    .toString()
    .trim();

describe('openSqliteChangeStamp', () => {
  const opened: Array<{ close(): void }> = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-stamp-'));
  let n = 0;
  const openFile = () => {
    const file = path.join(dir, `db-${++n}.sqlite`);
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table note (id integer primary key, text text)');
    const reader = new SQLite(file);
    reader.pragma('journal_mode = WAL');
    const stamp = openSqliteChangeStamp(reader);
    opened.push(stamp, writer, reader);
    return { file, writer, reader, stamp };
  };
  afterEach(() => {
    for (const item of opened.splice(0).reverse()) item.close();
  });

  const expectChangedBy = (stamp: SqliteChangeStamp, change: () => void) => {
    const before = stamp.read();
    expect(before).not.toBeNull();
    change();
    const after = stamp.read();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  };

  it('stays the same while nothing is committed, reads included', () => {
    const { reader, stamp } = openFile();
    const first = stamp.read();
    reader.prepare('select count(*) from note').get();
    expect(stamp.read()).toBe(first);
  });

  it('moves with every commit, by this connection or another process', () => {
    const { writer, reader, stamp } = openFile();
    expectChangedBy(stamp, () => reader.prepare("insert into note (text) values ('mine')").run());
    expectChangedBy(stamp, () => writer.prepare("insert into note (text) values ('theirs')").run());
    expectChangedBy(stamp, () => writer.prepare("update note set text = 'edited'").run());
    expectChangedBy(stamp, () => writer.prepare('delete from note where id = 1').run());
  });

  it('does not move for a write that is rolled back, nor before a commit', () => {
    const { writer, stamp } = openFile();
    const before = stamp.read();
    writer.exec('begin immediate');
    writer.prepare("insert into note (text) values ('pending')").run();
    expect(stamp.read()).toBe(before);
    writer.exec('rollback');
    expect(stamp.read()).toBe(before);
    writer.exec('begin immediate');
    writer.prepare("insert into note (text) values ('kept')").run();
    expect(stamp.read()).toBe(before);
    writer.exec('commit');
    expect(stamp.read()).not.toBe(before);
  });

  it('never repeats across checkpoints and a restarted WAL', () => {
    const { writer, stamp } = openFile();
    const seen = new Set<string | null>([stamp.read()]);
    for (let i = 0; i < 20; i++) {
      writer.prepare('insert into note (text) values (?)').run(`n${i}`);
      if (i % 5 === 4) writer.pragma('wal_checkpoint(RESTART)');
      const now = stamp.read();
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
  });

  it('is null while the two header copies differ (a commit writing them)', () => {
    const { file, stamp } = openFile();
    const shm = fs.openSync(`${file}-shm`, 'r+');
    try {
      const byte = Buffer.alloc(1);
      fs.readSync(shm, byte, 0, 1, 48 + 16);
      fs.writeSync(shm, Buffer.from([byte[0] ^ 0xff]), 0, 1, 48 + 16);
      expect(stamp.read()).toBeNull();
      fs.writeSync(shm, byte, 0, 1, 48 + 16);
      expect(stamp.read()).not.toBeNull();
    } finally {
      fs.closeSync(shm);
    }
  });

  it('reads the -shm file beside the real database when opened through a symbolic link', () => {
    const { file, writer } = openFile();
    const link = path.join(dir, `link-${n}.sqlite`);
    fs.symlinkSync(file, link);
    const viaLink = new SQLite(link);
    const stamp = openSqliteChangeStamp(viaLink);
    opened.push(stamp, viaLink);
    expect(fs.existsSync(`${link}-shm`)).toBe(false);
    expectChangedBy(stamp, () => writer.prepare("insert into note (text) values ('through the link')").run());
  });

  it("keeps SQLite's locks on the WAL index while any connection in the process uses it", () => {
    const { file, writer, reader, stamp } = openFile();
    // A second handle on the same file, as the demo seeding or a second app in one process opens.
    const second = new SQLite(file);
    const secondStamp = openSqliteChangeStamp(second);
    second.prepare('select count(*) from note').get();
    second.close();
    secondStamp.close();
    // Closing any descriptor of a file drops all of a process's POSIX locks on it: SQLite's
    // shared lock on the deadman-switch byte (128) must still be held for the open connections.
    expect(dmsLock(`${file}-shm`)).toBe('held');
    expectChangedBy(stamp, () => writer.prepare("insert into note (text) values ('still watched')").run());
    for (const item of opened.splice(0).reverse()) item.close();
    expect(reader.open || writer.open).toBe(false);
    // The last connection to close removes the -shm file, its locks gone with it.
    expect(fs.existsSync(`${file}-shm`)).toBe(false);
  });

  it("counts this connection's changes for an in-memory database", () => {
    const memory = new SQLite(':memory:');
    opened.push(memory);
    memory.exec('create table note (id integer primary key)');
    const stamp = openSqliteChangeStamp(memory);
    expectChangedBy(stamp, () => memory.prepare('insert into note default values').run());
    const now = stamp.read();
    memory.prepare('select * from note').all();
    expect(stamp.read()).toBe(now);
  });
});
