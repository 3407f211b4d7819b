import fs from 'node:fs';
import path from 'node:path';

/**
 * What of DATA_DIR a backup keeps: uploaded files (avatars, draft media) and the generated auth
 * secret (it signs sessions and clip links and, without TOKEN_ENCRYPTION_KEY, seals channel tokens).
 * Left out: the database files (copied as a snapshot instead), the video clipper's files (its scratch
 * folders in clipper/ and its jobs' sources and clips in files/clipper/, all gone two hours after
 * each job), tmp/ (uploads in progress) and outbox/ (mails written without SMTP).
 */
export const KEPT_IN_DATA_DIR = { files: 'files', authSecret: 'auth-secret' } as const;

/** Folders of the file store a backup leaves out (see above). */
export const LEFT_OUT_OF_FILES = ['clipper'];

/**
 * Copies a folder tree file by file. A file that disappears while the tree is walked (deleted by
 * the running app) is skipped: the database snapshot taken before the copy may still name it, as
 * any deleted file, and the app answers 404 for it.
 */
export function copyTree(
  from: string,
  to: string,
  options: { overwrite?: boolean; leaveOut?: readonly string[] } = {},
): { count: number; bytes: number } {
  const total = { count: 0, bytes: 0 };
  if (!fs.existsSync(from)) return total;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    // Names left out at this level only; the folders below are copied whole.
    if (options.leaveOut?.includes(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyTree(source, target, { overwrite: options.overwrite });
      total.count += inner.count;
      total.bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target, options.overwrite ? 0 : fs.constants.COPYFILE_EXCL);
        total.count += 1;
        total.bytes += fs.statSync(target).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return total;
}
