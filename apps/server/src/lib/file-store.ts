import path from 'node:path';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import type { AppConfig } from '../config.ts';

export type FileStore = Disk;

/** The public path a stored file is served from (GET /api/files/*). */
export const fileUrl = (key: string) => `/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The disk folder of the file store. */
export const fileStoreDir = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'files');

export function createFileStore(config: AppConfig): FileStore {
  return new Disk(new FSDriver({ location: fileStoreDir(config), visibility: 'public' }));
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
