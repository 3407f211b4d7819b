import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

/**
 * The app's file store: flydrive's Disk on the local disk, or on an S3 bucket when S3_BUCKET is
 * set, plus reads of a byte range, which flydrive does not offer and video players need to seek.
 */
export class FileStore extends Disk {
  constructor(
    driver: DriverContract,
    readonly kind: 'disk' | 's3',
    readonly getRangeStream: (key: string, range: ByteRange) => Promise<Readable>,
  ) {
    super(driver);
  }

  /**
   * Deletes a folder and everything under it. S3 deletes by string prefix and flydrive drops a
   * trailing slash, so through flydrive `clipper/job1` would also take `clipper/job10/`.
   */
  override async deleteAll(folder: string): Promise<void> {
    await this.driver.deleteAll(`${folder.replace(/\/+$/, '')}/`);
  }

  /** Every key in the store, page by page (S3 lists a thousand at a time). */
  async *listKeys(): AsyncGenerator<string> {
    let paginationToken: string | undefined;
    do {
      const page = await this.listAll('/', { recursive: true, paginationToken });
      for (const item of page.objects) if (item.isFile) yield item.key;
      paginationToken = page.paginationToken;
    } while (paginationToken);
  }
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
  return new FileStore(new FSDriver({ location: dir, visibility: 'public' }), 'disk', async (key, range) => {
    // Opened first, so a missing file is a rejection here rather than an error event on the stream.
    const handle = await fs.promises.open(path.join(dir, key));
    return handle.createReadStream(range);
  });
}

/** Parts of a streamed upload: 10,000 parts (S3's limit) of 10 MB cover the largest upload allowed. */
const UPLOAD_PART_BYTES = 10 * 1024 * 1024;

/**
 * flydrive's S3 driver, with streams uploaded in parts: its single PUT takes at most 5 GB (the
 * clipper accepts more) and needs the length up front. At most four parts are held in memory.
 */
class MultipartS3Driver extends S3Driver {
  constructor(private readonly s3: { client: S3Client; bucket: string } & Omit<S3DriverOptions, 'client'>) {
    super(s3);
  }

  override async putStream(key: string, contents: Readable, options?: WriteOptions): Promise<void> {
    const params = { Bucket: this.s3.bucket, Key: key, Body: contents, ContentType: options?.contentType };
    await new Upload({ client: this.s3.client, params, partSize: UPLOAD_PART_BYTES, queueSize: 4 }).done();
  }
}

function createS3Store(config: StoreConfig & { S3_BUCKET: string }): FileStore {
  const keys = config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY;
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
  });
  // Objects are private, with no per-object ACL (many S3-compatible servers and AWS buckets with
  // "bucket owner enforced" refuse ACLs): the app serves every file after checking who asks.
  const driver = new MultipartS3Driver({ client, bucket: config.S3_BUCKET, visibility: 'private', supportsACL: false });
  return new FileStore(driver, 's3', async (key, range) => {
    const object = await client.send(
      new GetObjectCommand({ Bucket: config.S3_BUCKET, Key: key, Range: `bytes=${range.start}-${range.end}` }),
    );
    return object.Body as Readable;
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
