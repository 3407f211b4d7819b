import path from 'node:path';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import type { AppConfig } from '../config.ts';

export type FileStore = Disk;

/** The public path a stored file is served from (GET /api/files/*). */
export const fileUrl = (key: string) => `/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;

export function createFileStore(config: AppConfig): FileStore {
  return new Disk(new FSDriver({ location: path.join(config.dataDir, 'files'), visibility: 'public' }));
}

/** Keeps a name readable in a URL and safe on any disk. */
export function sanitizeFileName(name: string): string {
  const base = path
    .basename(name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '');
  return base.slice(-100) || 'file';
}
