import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isFileKey, type FileStore } from '../../lib/file-store.ts';

/**
 * What a backup keeps besides the database: the file store's files (avatars, draft media, request
 * attachments), on the disk or on S3, and DATA_DIR's generated auth secret (it signs sessions and
 * clip links and, without TOKEN_ENCRYPTION_KEY, seals channel tokens). Left out: the video
 * clipper's files (its jobs' sources and clips, all gone two hours after each job, and its scratch
 * folders), and DATA_DIR's tmp/ (uploads in progress) and outbox/ (mails written without SMTP).
 */
export const KEPT_IN_DATA_DIR = { files: 'files', authSecret: 'auth-secret' } as const;

/** Top-level folders of the file store a backup leaves out (see above; health/ holds the health check's probe). */
const LEFT_OUT_OF_FILES = new Set(['clipper', 'health']);

/** The store's keys a backup keeps. One the app would never make (put there by hand) is named and left out. */
async function* keptKeys(files: FileStore, warn: (line: string) => void): AsyncGenerator<string> {
  for await (const key of files.listKeys()) {
    if (LEFT_OUT_OF_FILES.has(key.split('/')[0])) continue;
    if (isFileKey(key)) yield key;
    else warn(`Left out ${JSON.stringify(key)}: not a name Hookline stores files under.`);
  }
}

/**
 * Copies the store's files into a folder, one file per key. A file deleted by the running app
 * while the copy runs is skipped: the database snapshot taken before may still name it, as any
 * deleted file, and the app answers 404 for it.
 */
export async function copyStoreToFolder(
  files: FileStore,
  to: string,
  warn: (line: string) => void = console.warn,
): Promise<{ count: number; bytes: number }> {
  const total = { count: 0, bytes: 0 };
  for await (const key of keptKeys(files, warn)) {
    const target = path.join(to, ...key.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      await pipeline(await files.getStream(key), fs.createWriteStream(target));
    } catch (error) {
      fs.rmSync(target, { force: true });
      if (await files.exists(key)) throw error;
      continue;
    }
    total.count += 1;
    total.bytes += fs.statSync(target).size;
  }
  return total;
}

/** Puts every file under a folder into the store, under its path in the folder. */
export async function copyFolderToStore(from: string, files: FileStore): Promise<void> {
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    await files.putStream(path.relative(from, file).split(path.sep).join('/'), fs.createReadStream(file));
  }
}

/** Whether the store holds any file a backup would keep. */
export async function hasStoredFiles(files: FileStore): Promise<boolean> {
  for await (const _key of keptKeys(files, () => {})) return true;
  return false;
}
