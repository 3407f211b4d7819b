import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_TYPES, type FileStore } from './file-store.ts';
import { storeUpload, type StoredUpload } from './store-upload.ts';
import { fileStoreDrivers } from '../../test/support/file-store-drivers.ts';

const RULE = { types: IMAGE_TYPES, unsupported: 'Pictures only.', folder: 'things/w1' };
const TOO_LARGE = 'Files must be 1 KB or smaller.';

describe.each(fileStoreDrivers())('storeUpload on the $name driver', (driver) => {
  let root: string;
  let deps: { files: FileStore; tmpDir: string };
  let png: Buffer;
  const upload = (bytes: Buffer, fileName = 'photo.png', truncated = false) => {
    const stream = Object.assign(Readable.from([bytes]), { truncated });
    return { fileName, stream, tooLarge: TOO_LARGE };
  };
  /** Every file under a folder, as paths relative to it. */
  const filesUnder = (dir: string) =>
    (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }) : []).filter((e) => e.isFile());

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-upload-'));
    deps = { files: await driver.open(), tmpDir: path.join(root, 'tmp') };
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
  });
  afterEach(async () => {
    await driver.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stores the bytes under the folder, named with the extension its bytes say, and hands on what it stored', async () => {
    // The temporary copy is there while the record runs (media facts are read from it), gone after.
    let readable = false;
    const stored = await storeUpload(deps, upload(png, 'Holiday photo.exe'), RULE, async (s) => {
      readable = fs.readFileSync(s.localPath).equals(png);
      return s;
    });
    expect(readable).toBe(true);
    expect(stored).toEqual({
      key: expect.stringMatching(/^things\/w1\/\d+-Holiday-photo\.png$/),
      contentType: 'image/png',
      size: png.length,
      name: 'Holiday photo.exe',
      localPath: expect.stringContaining(deps.tmpDir),
    });
    expect(Buffer.from(await deps.files.getBytes(stored.key)).equals(png)).toBe(true);
    expect(filesUnder(deps.tmpDir)).toEqual([]);
  });

  it('refuses a file cut off at the size limit (413) and a type outside the rule (415), keeping nothing', async () => {
    await expect(storeUpload(deps, upload(png, 'big.png', true), RULE, async (s) => s)).rejects.toMatchObject({
      statusCode: 413,
      message: TOO_LARGE,
    });
    await expect(storeUpload(deps, upload(Buffer.from('<html></html>'), 'page.png'), RULE, async (s) => s)).rejects.toMatchObject({
      statusCode: 415,
      message: 'Pictures only.',
    });
    expect(await driver.keys()).toEqual([]);
    expect(filesUnder(deps.tmpDir)).toEqual([]);
  });

  it('removes the stored file when recording it fails', async () => {
    let seen: StoredUpload | undefined;
    const failing = storeUpload(deps, upload(png), RULE, async (s) => {
      seen = s;
      throw new Error('the row could not be written');
    });
    await expect(failing).rejects.toThrow('the row could not be written');
    expect(seen).toBeDefined();
    expect(await deps.files.exists(seen!.key)).toBe(false);
    expect(filesUnder(deps.tmpDir)).toEqual([]);
  });

  it('shows a name without control characters, or the stored name when nothing else is left', async () => {
    expect((await storeUpload(deps, upload(png, 'sun\u0000set\u0007.png'), RULE, async (s) => s)).name).toBe('sunset.png');
    const unnamed = await storeUpload(deps, upload(png, '\u0000\u0001'), RULE, async (s) => s);
    expect(unnamed.name).toBe(path.posix.basename(unnamed.key));
  });
});
