import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteChangeStamp, type SqliteChangeStamp } from './sqlite-change-stamp.ts';

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
    const stamp = openSqliteChangeStamp(reader, file);
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

  it("counts this connection's changes for an in-memory database", () => {
    const memory = new SQLite(':memory:');
    opened.push(memory);
    memory.exec('create table note (id integer primary key)');
    const stamp = openSqliteChangeStamp(memory, ':memory:');
    expectChangedBy(stamp, () => memory.prepare('insert into note default values').run());
    const now = stamp.read();
    memory.prepare('select * from note').all();
    expect(stamp.read()).toBe(now);
  });
});
