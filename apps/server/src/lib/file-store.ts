import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import { S3Driver } from 'flydrive/drivers/s3';
import type { S3DriverOptions } from 'flydrive/drivers/s3/types';
import type { DriverContract, WriteOptions } from 'flydrive/types';
import type { AppConfig } from '../config.ts';

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What one driver does below flydrive: reads of a byte range, and every key as it is stored. */
interface RawAccess {
  getRangeStream(key: string, range: ByteRange): Promise<Readable>;
  listKeys(): AsyncGenerator<string>;
}

/**
 * The app's file store: flydrive's Disk on the local disk, or on an S3 bucket when S3_BUCKET is
 * set, plus reads of a byte range (video players seek with them; flydrive has none) and a listing
 * of raw keys (flydrive's own refuses a whole page over one name it would not make).
 */
export class FileStore extends Disk {
  constructor(
    driver: DriverContract,
    private readonly raw: RawAccess,
  ) {
    super(driver);
  }

  /** A byte range of a stored file; a key the store would never make is refused as flydrive would. */
  async getRangeStream(key: string, range: ByteRange): Promise<Readable> {
    if (!isFileKey(key)) throw new Error(`Not a key of the file store: ${key}`);
    return this.raw.getRangeStream(key, range);
  }

  /** Every key in the store, as stored (S3 lists a thousand at a time). */
  listKeys(): AsyncGenerator<string> {
    return this.raw.listKeys();
  }

  /**
   * Deletes a folder and everything under it. S3 deletes by string prefix and flydrive drops a
   * trailing slash, so through flydrive `clipper/job1` would also take `clipper/job10/`.
   */
  override async deleteAll(folder: string): Promise<void> {
    const prefix = folder.replace(/\/+$/, '');
    // An empty prefix would be the whole store.
    if (!prefix) throw new Error('deleteAll needs a folder');
    await this.driver.deleteAll(`${prefix}/`);
  }
}

/**
 * Whether a store call failed because the file is not there: flydrive wraps the cause, which is
 * ENOENT (or ENOTDIR, for a path through a file) on the disk and a 404 (NotFound, NoSuchKey) on S3.
 */
export function isMissingFile(error: unknown): boolean {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as {
    code?: string;
    name?: string;
    $metadata?: { httpStatusCode?: number };
  };
  return (
    cause?.code === 'ENOENT' ||
    cause?.code === 'ENOTDIR' ||
    cause?.name === 'NotFound' ||
    cause?.name === 'NoSuchKey' ||
    cause?.$metadata?.httpStatusCode === 404
  );
}

/** The public path a stored file is served from (GET /api/files/*). */
export const fileUrl = (key: string) => `/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The disk folder of the file store. */
export const fileStoreDir = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'files');

type StoreConfig = Pick<
  AppConfig,
  'dataDir' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

export function createFileStore(config: StoreConfig): FileStore {
  if (config.S3_BUCKET) return createS3Store({ ...config, S3_BUCKET: config.S3_BUCKET });
  const dir = fileStoreDir(config);
  return new FileStore(new FSDriver({ location: dir, visibility: 'public' }), {
    async getRangeStream(key, range) {
      // Opened first, so a missing file is a rejection here rather than an error event on the stream.
      const handle = await fs.promises.open(path.join(dir, key));
      return handle.createReadStream(range);
    },
    async *listKeys() {
      const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries)
        if (entry.isFile()) yield path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    },
  });
}

/** The smallest part of a streamed upload; larger where 10,000 parts (S3's limit) would not hold the file. */
const UPLOAD_PART_BYTES = 10 * 1024 * 1024;
/** The largest object S3 copies in one request. */
const SINGLE_COPY_BYTES = 5 * 1024 ** 3;

/**
 * flydrive's S3 driver, with streams uploaded in parts (its single PUT takes at most 5 GB and needs
 * the length up front; at most four parts are held in memory), copies of more than 5 GB streamed
 * through the same uploads, and folders deleted object by object: the batch delete needs a
 * Content-MD5 header that the SDK no longer sends, which some S3-compatible servers refuse without.
 */
class MultipartS3Driver extends S3Driver {
  constructor(private readonly s3: { client: S3Client; bucket: string } & Omit<S3DriverOptions, 'client'>) {
    super(s3);
  }

  override async putStream(key: string, contents: Readable, options?: WriteOptions): Promise<void> {
    const size = contents instanceof fs.ReadStream ? (await fs.promises.stat(contents.path)).size : 0;
    const partSize = Math.max(UPLOAD_PART_BYTES, Math.ceil(size / 10_000));
    const params = { Bucket: this.s3.bucket, Key: key, Body: contents, ContentType: options?.contentType };
    await new Upload({ client: this.s3.client, params, partSize, queueSize: 4 }).done();
  }

  override async copy(source: string, destination: string, options?: WriteOptions): Promise<void> {
    const { contentLength, contentType } = await this.getMetaData(source);
    if (contentLength <= SINGLE_COPY_BYTES) return super.copy(source, destination, options);
    await this.putStream(destination, await this.getStream(source), { contentType, ...options });
  }

  override async deleteAll(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.s3.client.send(
        new ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).map((object) => object.Key!);
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(keys.slice(i, i + 8).map((Key) => this.s3.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key }))));
      }
      token = page.NextContinuationToken;
    } while (token);
  }
}

function createS3Store(config: StoreConfig & { S3_BUCKET: string }): FileStore {
  const keys = config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY;
  const bucket = config.S3_BUCKET;
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // Without keys the SDK's own chain applies (AWS_* variables, an instance or task role).
    credentials: keys ? { accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! } : undefined,
    // Checksums only where S3 requires them: the SDK's default sends uploads in aws-chunked encoding
    // with a trailing checksum, which many S3-compatible servers do not understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A served file holds its S3 connection while the browser reads (a paused video, for minutes):
    // the SDK's 50 sockets would make every other call wait behind 50 viewers. A bucket that does
    // not answer fails a call in seconds, and a stream stalled for two minutes is let go.
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: 120_000,
      httpAgent: { keepAlive: true, maxSockets: 1_000 },
      httpsAgent: { keepAlive: true, maxSockets: 1_000 },
    },
  });
  // Objects are private, with no per-object ACL (many S3-compatible servers and AWS buckets with
  // "bucket owner enforced" refuse ACLs): the app serves every file after checking who asks.
  const driver = new MultipartS3Driver({ client, bucket, visibility: 'private', supportsACL: false });
  return new FileStore(driver, {
    async getRangeStream(key, range) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${range.start}-${range.end}` }));
      return object.Body as Readable;
    },
    async *listKeys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (!object.Key!.endsWith('/')) yield object.Key!;
        token = page.NextContinuationToken;
      } while (token);
    },
  });
}

/** Pictures a browser may show from the file store; draft media adds videos. */
export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Keeps a name readable in a URL and safe on any disk. */
export function sanitizeFileName(name: string): string {
  const base = path
    .basename(name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '');
  return base.slice(-100) || 'file';
}

/**
 * The last part of a new key: upload time, the client's name without its extension, and the
 * extension of the type read from the bytes. The client's extension never survives, as a browser
 * or a file manager would take the file for what that extension says (.htm, .svg, .js).
 */
export function storedFileName(clientName: string, detected: { ext: string }): string {
  return `${Date.now()}-${sanitizeFileName(clientName.replace(/\.[^./\\]*$/, ''))}.${detected.ext}`;
}

/** Each part of a key the store makes: what sanitizeFileName keeps, not starting with a dot, and short. */
const KEY_PART = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/**
 * Whether a path could be a key of this store. Anything else (a percent sign, "...", a name longer
 * than a disk allows) is refused before the disk driver sees it, which would throw on it.
 */
export const isFileKey = (key: string) => key.split('/').length <= 8 && key.split('/').every((part) => KEY_PART.test(part));

/**
 * The policy of every stored file the app serves. Files are shown by the browser, so nothing in one
 * may run or load: no scripts, plugins, forms or same-origin access even when a file is opened on
 * its own, and no framing. It replaces the app's policy, which allows the app's own scripts.
 */
export const SERVED_FILE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
