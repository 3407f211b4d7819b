import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createFreshReads } from './fresh-reads.ts';

const ZNotes = z.object({ notes: z.array(z.string()) });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A real SQLite file with a notes table, and an app whose GET /notes lists them through the cache. */
async function notesApp(maxBytes = 1024 * 1024, database?: DatabaseHandle) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-reads-'));
  const file = path.join(dir, 'test.db');
  const handle = database ?? openDatabase({ kind: 'sqlite', file });
  await sql`create table note (text text not null)`.execute(handle.db);
  const reads = createFreshReads(handle, maxBytes);
  const readNotes = async (prefix: string) => {
    const rows = await sql<{ text: string }>`select text from note where text like ${`${prefix}%`} order by text`.execute(handle.db);
    return { notes: rows.rows.map((row) => row.text) };
  };
  const read = vi.fn(readNotes);
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/notes',
    { schema: { querystring: z.object({ prefix: z.string().default('') }), response: { 200: ZNotes } } },
    async (request, reply) => {
      await reads.send(reply, `notes ${request.query.prefix}`, () => read(request.query.prefix));
    },
  );
  cleanups.push(async () => {
    await app.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const list = async (prefix = '') => {
    const response = await app.inject({ url: `/notes?prefix=${prefix}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return (response.json() as z.infer<typeof ZNotes>).notes;
  };
  const insert = (text: string) => sql`insert into note (text) values (${text})`.execute(handle.db);
  return { file, handle, read, readNotes, list, insert };
}

describe('createFreshReads (SQLite)', () => {
  it('answers an unchanged database from the kept body, per key', async () => {
    const { read, list, insert } = await notesApp();
    await insert('apple');
    await insert('banana');
    expect(await list()).toEqual(['apple', 'banana']);
    expect(await list()).toEqual(['apple', 'banana']);
    expect(await list('b')).toEqual(['banana']);
    expect(await list('b')).toEqual(['banana']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads again after an insert, an update or a delete through the same connection, not after a write that rolled back', async () => {
    const { handle, read, list, insert } = await notesApp();
    await insert('apple');
    expect(await list()).toEqual(['apple']);
    await insert('cherry');
    expect(await list()).toEqual(['apple', 'cherry']);
    await sql`update note set text = 'avocado' where text = 'apple'`.execute(handle.db);
    expect(await list()).toEqual(['avocado', 'cherry']);
    await sql`delete from note where text = 'cherry'`.execute(handle.db);
    expect(await list()).toEqual(['avocado']);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into note (text) values ('never')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // Nothing was committed: the kept answer is still the database's.
    expect(await list()).toEqual(['avocado']);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it("reads again after another process's commit to the same file", async () => {
    const { file, read, list, insert } = await notesApp();
    await insert('apple');
    expect(await list()).toEqual(['apple']);
    const other = new SQLite(file);
    cleanups.push(() => {
      other.close();
    });
    other.prepare("insert into note (text) values ('from another process')").run();
    expect(await list()).toEqual(['apple', 'from another process']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('a change committed while a read runs is never hidden behind that read', async () => {
    const { read, readNotes, list, insert } = await notesApp();
    await insert('apple');
    // The write lands between the stamp and the query: the body read holds it, but is kept under the older stamp.
    read.mockImplementationOnce(async (prefix) => {
      await insert('late');
      return readNotes(prefix);
    });
    expect(await list()).toEqual(['apple', 'late']);
    expect(await list()).toEqual(['apple', 'late']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read, and keeps nothing when off or over its size', async () => {
    const failing = await notesApp();
    failing.read.mockRejectedValueOnce(new Error('boom'));
    await failing.insert('apple');
    expect(await failing.list().catch(() => 'failed')).toBe('failed');
    expect(await failing.list()).toEqual(['apple']);
    expect(failing.read).toHaveBeenCalledTimes(2);

    const off = await notesApp(0);
    await off.insert('apple');
    await off.list();
    await off.list();
    expect(off.read).toHaveBeenCalledTimes(2);

    // Room for one 20-character body: the second key evicts the first.
    const small = await notesApp(30);
    await small.insert('apple');
    await small.insert('berry');
    await small.list('a');
    await small.list('b');
    await small.list('a');
    expect(small.read).toHaveBeenCalledTimes(3);
  });

  it('without a change stamp (PostgreSQL) every read runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-reads-'));
    const sqlite = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
    const { read, list, insert } = await notesApp(1024 * 1024, { ...sqlite, changeStamp: () => null });
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    await insert('apple');
    await list();
    await list();
    expect(read).toHaveBeenCalledTimes(2);
  });
});
