import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileStoreDrivers } from '../../test/support/file-store-drivers.ts';
import type { FileStore } from './file-store.ts';
import { sendStoredFile } from './send-stored-file.ts';

const text = async (stream: NodeJS.ReadableStream) => {
  let all = '';
  for await (const chunk of stream) all += chunk.toString();
  return all;
};

describe.each(fileStoreDrivers())('the file store on the $name driver', (driver) => {
  let files: FileStore;
  let app: FastifyInstance;
  beforeEach(async () => {
    files = await driver.open();
    app = Fastify();
    app.get('/file', (request, reply) =>
      sendStoredFile(request, reply, files, { key: 'media/clip.mp4', type: 'video/mp4', disposition: 'inline', cacheControl: 'private' }),
    );
  });
  afterEach(async () => {
    await app.close();
    await driver.close();
  });

  it('keeps what is put, streamed or whole, with its size and type, and tells a missing key apart', async () => {
    await files.put('notes/a.txt', 'hello world', { contentType: 'text/plain' });
    const source = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'store-source-')), 'big.bin');
    fs.writeFileSync(source, Buffer.alloc(3 * 1024 * 1024, 7));
    await files.moveFromFs(source, 'media/big.bin', { contentType: 'video/mp4' });

    expect(await files.get('notes/a.txt')).toBe('hello world');
    expect((await files.getMetaData('media/big.bin')).contentLength).toBe(3 * 1024 * 1024);
    expect(fs.existsSync(source)).toBe(false);
    expect(await files.exists('notes/b.txt')).toBe(false);
    await expect(files.getMetaData('notes/b.txt')).rejects.toThrow();
    expect(await text(await files.getRangeStream('notes/a.txt', { start: 6, end: 10 }))).toBe('world');
  });

  it('stores a stream of unknown length larger than an upload part, byte for byte', async () => {
    const chunk = (i: number) => Buffer.alloc(1024 * 1024, i);
    const chunks = Array.from({ length: 23 }, (_, i) => chunk(i));
    await files.putStream('media/long.mp4', Readable.from(chunks), { contentType: 'video/mp4' });
    expect((await files.getMetaData('media/long.mp4')).contentLength).toBe(23 * 1024 * 1024);
    const back = Buffer.from(await files.getBytes('media/long.mp4'));
    expect(back.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('deletes a folder and only that folder, even where another name starts the same', async () => {
    for (const key of ['clipper/job1/source/a.mp4', 'clipper/job1/clips/1.mp4', 'clipper/job10/source/b.mp4', 'clipper/job1.txt'])
      await files.put(key, key);
    await files.deleteAll('clipper/job1/');
    expect(await driver.keys()).toEqual(['clipper/job1.txt', 'clipper/job10/source/b.mp4']);
  });

  it('serves a stored file whole, or the byte range asked for, with validators', async () => {
    const bytes = Buffer.from('0123456789'.repeat(100));
    await files.put('media/clip.mp4', bytes, { contentType: 'video/mp4' });

    const whole = await app.inject({ url: '/file' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-length': '1000', 'content-type': 'video/mp4' });
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);

    const part = await app.inject({ url: '/file', headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('0123456789');
    expect(part.headers).toMatchObject({ 'content-range': 'bytes 10-19/1000', 'content-length': '10' });
    const tail = await app.inject({ url: '/file', headers: { range: 'bytes=-3' } });
    expect([tail.statusCode, tail.body, tail.headers['content-range']]).toEqual([206, '789', 'bytes 997-999/1000']);

    // A range of another version of the file (If-Range) gets the whole file; a range past the end, 416.
    const stale = await app.inject({ url: '/file', headers: { range: 'bytes=0-1', 'if-range': '"another"' } });
    expect([stale.statusCode, stale.rawPayload.length]).toEqual([200, 1000]);
    const current = await app.inject({ url: '/file', headers: { range: 'bytes=0-1', 'if-range': etag } });
    expect([current.statusCode, current.body]).toEqual([206, '01']);
    const beyond = await app.inject({ url: '/file', headers: { range: 'bytes=2000-2010' } });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, 'bytes */1000']);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*'])
      expect((await app.inject({ url: '/file', headers: { 'if-none-match': ifNoneMatch } })).statusCode, ifNoneMatch).toBe(304);
    expect((await app.inject({ url: '/file', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    // HEAD: the headers of the whole file, no body, and the file is not even opened.
    const reads = [vi.spyOn(files, 'getStream'), vi.spyOn(files, 'getRangeStream')];
    const head = await app.inject({ method: 'HEAD', url: '/file' });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, '1000', 0]);
    for (const read of reads) expect(read).not.toHaveBeenCalled();
  });

  it('serves an empty file', async () => {
    await files.put('media/clip.mp4', Buffer.alloc(0), { contentType: 'video/mp4' });
    const empty = await app.inject({ url: '/file' });
    expect([empty.statusCode, empty.headers['content-length'], empty.rawPayload.length]).toEqual([200, '0', 0]);
  });

  it('answers 404 for a file that is gone, whole or by range, with none of the file headers', async () => {
    for (const headers of [{}, { range: 'bytes=0-9' }]) {
      const gone = await app.inject({ url: '/file', headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-disposition']).toBeUndefined();
    }
  });

  it('answers 404 for a file deleted between the look at its size and its read, whole or by range', async () => {
    const getMetaData = files.getMetaData.bind(files);
    vi.spyOn(files, 'getMetaData').mockImplementation(async (key) => {
      const meta = await getMetaData(key);
      await files.delete(key);
      return meta;
    });
    for (const headers of [{}, { range: 'bytes=0-9' }]) {
      await files.put('media/clip.mp4', Buffer.alloc(100, 1), { contentType: 'video/mp4' });
      const gone = await app.inject({ url: '/file', headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-disposition']).toBeUndefined();
    }
  });

  it('lists every stored key, even one the app would never make, and refuses to delete everything at once', async () => {
    await files.put('avatars/u1/1-me.png', 'png');
    // Put there by hand, past flydrive's check of the names the app makes.
    await files.driver.put('exports/report (1).pdf', 'pdf', {});
    expect(await driver.keys()).toEqual(['avatars/u1/1-me.png', 'exports/report (1).pdf']);
    await expect(files.deleteAll('/')).rejects.toThrow('deleteAll needs a folder');
    expect(await driver.keys()).toHaveLength(2);
  });
});
