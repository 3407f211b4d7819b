import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../config.ts';
import type { FileStore } from '../../lib/file-store.ts';

// A job's source and clips live in the app's file store, so any instance or worker can read them
// (on S3 nobody shares a folder); ffmpeg works on local copies in the job's scratch folder, which
// only the process running the job uses.

/** Store keys: clipper/{job}/source/{name} and clipper/{job}/clips/{file}. */
const jobPrefix = (jobId: string) => `clipper/${jobId}`;
export const clipSourceKey = (jobId: string, name: string) => `${jobPrefix(jobId)}/source/${name}`;
export const clipFileKey = (jobId: string, fileName: string) => `${jobPrefix(jobId)}/clips/${fileName}`;

/** This machine's scratch folder of a job (an upload on its way in, a downloaded source, renders). */
export function clipScratchDir(config: Pick<AppConfig, 'dataDir'>, jobId: string): string {
  return path.join(config.dataDir, 'clipper', jobId);
}

/**
 * Removes a job's scratch folder here. Retries because a cancelled job's ffmpeg may still be
 * closing a file in it while the folder goes (ENOTEMPTY).
 */
export async function removeClipScratch(config: Pick<AppConfig, 'dataDir'>, jobId: string): Promise<void> {
  await fs.promises.rm(clipScratchDir(config, jobId), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

/** Everything of a job: its stored source and clips, and its scratch folder on this machine. */
export async function removeClipJobFiles(deps: { config: Pick<AppConfig, 'dataDir'>; files: FileStore }, jobId: string): Promise<void> {
  await deps.files.deleteAll(jobPrefix(jobId));
  await removeClipScratch(deps.config, jobId);
}

/** Streams a stored source into the scratch folder (ffmpeg seeks in it, so it must be a local file). */
export async function copySourceToScratch(files: FileStore, key: string, dir: string, signal?: AbortSignal): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  const local = path.join(dir, path.posix.basename(key));
  await pipeline(await files.getStream(key), fs.createWriteStream(local), { signal });
  return local;
}
