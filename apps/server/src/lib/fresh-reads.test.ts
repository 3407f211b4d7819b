import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { COMPRESS_MAX_CHARS, COMPRESS_MIN_CHARS, createFreshReads, DENSEST_AFTER_HITS } from './fresh-reads.ts';

const ZNotes = z.object({ notes: z.array(z.string()) });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  vi.restoreAllMocks();
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
  const validations = vi.fn();
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const keyOf = (request: FastifyRequest) => request.url;
  app.get(
    '/notes',
    {
      schema: {
        querystring: z.object({ prefix: z.string().max(10).default('') }).refine(() => (validations(), true)),
        response: { 200: ZNotes },
      },
      preValidation: reads.answerKept(keyOf),
    },
    async (request, reply) => {
      await reads.send(reply, keyOf(request), () => read(request.query.prefix));
    },
  );
  cleanups.push(async () => {
    await app.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = (prefix = '', acceptEncoding?: string) =>
    app.inject({ url: `/notes?prefix=${prefix}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const list = async (prefix = '') => {
    const response = await get(prefix);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return (response.json() as z.infer<typeof ZNotes>).notes;
  };
  const insert = (text: string) => sql`insert into note (text) values (${text})`.execute(handle.db);
  return { file, handle, read, readNotes, validations, app, get, list, insert };
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

  it('answers a kept body before validation and the handler, and keeps no answer to a request that failed them', async () => {
    const { read, validations, app, list, insert } = await notesApp();
    await insert('apple');
    expect(await list('a')).toEqual(['apple']);
    expect(await list('a')).toEqual(['apple']);
    expect(validations).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 2; i++) {
      const invalid = await app.inject({ url: '/notes?prefix=far-too-long-a-prefix' });
      expect(invalid.statusCode).toBe(400);
    }
    // Each invalid request was validated (and refused): none was answered from a kept body.
    expect(validations).toHaveBeenCalledTimes(3);
    expect(read).toHaveBeenCalledTimes(1);
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

  it('sends a kept answer of 1 kB or more compressed to a browser that accepts it, compressed once', async () => {
    const { read, get, insert } = await notesApp();
    for (let i = 0; i < 60; i++) await insert(`note number ${String(i).padStart(3, '0')} of the list`);
    const miss = await get('', 'gzip, deflate, br, zstd');
    // The read that ran its queries is sent as it is, and says its form depends on Accept-Encoding.
    expect(miss.headers['content-encoding']).toBeUndefined();
    expect(miss.headers.vary).toBe('accept-encoding');
    const json = miss.body;
    expect(json.length).toBeGreaterThan(COMPRESS_MIN_CHARS);

    const compress = vi.spyOn(zlib, 'brotliCompressSync');
    for (let i = 0; i < 3; i++) {
      const br = await get('', 'gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.rawPayload.length).toBeLessThan(json.length / 3);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(json);
    }
    expect(compress).toHaveBeenCalledTimes(1);

    const gzip = await get('', 'gzip;q=1, br;q=0.5');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(json);
    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0', 'zstd']) {
      const plain = await get('', refused);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(json);
    }
    expect(read).toHaveBeenCalledTimes(1);

    // A write: the next answer runs the read again and holds the change.
    await insert('zz the newest note');
    const fresh = await get('', 'br');
    expect(fresh.headers['content-encoding']).toBeUndefined();
    expect(fresh.json().notes.at(-1)).toBe('zz the newest note');
    expect(zlib.brotliDecompressSync((await get('', 'br')).rawPayload).toString('utf8')).toBe(fresh.body);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('compresses an answer that keeps serving once more, at brotli quality 11, off the event loop', async () => {
    const { get, insert } = await notesApp();
    for (let i = 0; i < 60; i++) await insert(`note ${i} with words that repeat: ${'lorem ipsum dolor '.repeat(i % 4)}`);
    const json = (await get('', 'br')).body;
    const first = (await get('', 'br')).rawPayload;
    const densest = zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(densest.length).toBeLessThan(first.length);
    const compress = vi.spyOn(zlib, 'brotliCompress');
    for (let hit = 2; hit < DENSEST_AFTER_HITS; hit++) await get('', 'br');
    expect(compress).not.toHaveBeenCalled();
    const answers: Buffer[] = [];
    for (let hit = 0; hit < 50 && answers.at(-1)?.length !== densest.length; hit++) {
      answers.push((await get('', 'br')).rawPayload);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(compress).toHaveBeenCalledTimes(1);
    expect(answers[0]).toEqual(first);
    expect(answers.at(-1)).toEqual(densest);
    expect(zlib.brotliDecompressSync(answers.at(-1)!).toString('utf8')).toBe(json);
  });

  it('counts compressed copies in its memory, evicting nothing for one that cannot fit', async () => {
    const probe = await notesApp();
    const notes = Array.from({ length: 60 }, (_, i) => `note number ${String(i).padStart(3, '0')} of the list`);
    for (const note of notes) await probe.insert(note);
    const jsonLength = (await probe.get()).body.length;
    // Room for the JSON and a few bytes: its compressed copy (some hundreds) cannot be kept beside it.
    const tight = await notesApp(jsonLength + 16);
    for (const note of notes) await tight.insert(note);
    const compress = vi.spyOn(zlib, 'brotliCompressSync');
    await tight.get('', 'br');
    for (let i = 0; i < 3; i++) {
      const answer = await tight.get('', 'br');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(answer.rawPayload).length).toBe(jsonLength);
    }
    // Compressed on every hit, as nothing could be kept; the JSON stayed kept all along.
    expect(compress).toHaveBeenCalledTimes(3);
    expect(tight.read).toHaveBeenCalledTimes(1);
  });

  it('sends a kept answer over 256 kB as it is (compressing it would hold the event loop)', async () => {
    const { get, insert } = await notesApp(4 * 1024 * 1024);
    const long = 'x'.repeat(1000);
    for (let i = 0; i < 270; i++) await insert(`${String(i).padStart(3, '0')} ${long}`);
    const first = await get('', 'br');
    expect(first.body.length).toBeGreaterThan(COMPRESS_MAX_CHARS);
    const kept = await get('', 'br');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.headers.vary).toBeUndefined();
    expect(kept.body).toBe(first.body);
  });

  it('sends a small kept answer as it is, with no Vary', async () => {
    const { get, insert } = await notesApp();
    await insert('apple');
    await get('', 'br');
    const kept = await get('', 'br');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.headers.vary).toBeUndefined();
    expect(kept.json()).toEqual({ notes: ['apple'] });
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
