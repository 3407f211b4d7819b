import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { storedFileName, type FileStore } from './file-store.ts';
import { HttpError } from './http-error.ts';
import { newId } from './ids.ts';

/** A file part of a multipart request, as the route received it. */
export interface Upload {
  fileName: string;
  /** The multipart limit stops this stream at the size limit and marks it truncated. */
  stream: Readable & { truncated?: boolean };
  /** The 413 message for a file over the limit. */
  tooLarge: string;
}

/** What an upload may be and where it goes. */
export interface UploadRule {
  /** The types accepted, as read from the bytes. */
  types: ReadonlySet<string>;
  /** The 415 message for any other type, naming what is accepted. */
  unsupported: string;
  /** The key's folder in the file store, without a trailing slash. */
  folder: string;
}

/** An upload in the file store: its key, the type its bytes say, its size and the name to show. */
export interface StoredUpload {
  key: string;
  contentType: string;
  size: number;
  name: string;
  /** The upload's temporary local copy, there until `record` returns (for reading facts from it). */
  localPath: string;
}

/**
 * Streams an upload to a temporary file (never whole in memory), checks its type from the bytes
 * (never from its name or the type the browser declared), puts it into the file store under the
 * rule's folder and hands it to `record`, which writes it where it belongs. A `record` that fails
 * removes the stored file, so nothing is kept that no row names; the temporary file always goes.
 */
export async function storeUpload<T>(
  deps: { files: FileStore; tmpDir: string },
  upload: Upload,
  rule: UploadRule,
  record: (stored: StoredUpload) => Promise<T>,
): Promise<T> {
  fs.mkdirSync(deps.tmpDir, { recursive: true });
  const tmp = path.join(deps.tmpDir, `${newId()}.upload`);
  try {
    await pipeline(upload.stream, fs.createWriteStream(tmp));
    if (upload.stream.truncated) throw new HttpError(413, upload.tooLarge);
    const type = await fileTypeFromFile(tmp);
    if (!type || !rule.types.has(type.mime)) throw new HttpError(415, rule.unsupported);
    const key = `${rule.folder}/${storedFileName(upload.fileName, type)}`;
    await deps.files.putStream(key, fs.createReadStream(tmp), { contentType: type.mime });
    const stored = {
      key,
      contentType: type.mime,
      size: fs.statSync(tmp).size,
      // The name as shown, without control characters (PostgreSQL text cannot hold NUL).
      name: upload.fileName.replace(/\p{Cc}/gu, '').slice(0, 200) || path.posix.basename(key),
      localPath: tmp,
    };
    return await record(stored).catch(async (error: unknown) => {
      await deps.files.delete(key).catch(() => undefined);
      throw error;
    });
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
