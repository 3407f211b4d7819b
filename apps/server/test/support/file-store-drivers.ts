import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore, type FileStore } from '../../src/lib/file-store.ts';
import { loadConfig } from '../../src/config.ts';
import { startS3Server } from './s3-server.ts';

/** A file store on one driver, for running the same tests on the disk and on S3. */
export interface FileStoreDriver {
  name: 'disk' | 's3';
  /** Opens an empty store (on S3, with a server of its own). */
  open(): Promise<FileStore>;
  /** Every key in the store, sorted. */
  keys(): Promise<string[]>;
  /** Removes the store's files (and stops its server). */
  close(): Promise<void>;
}

/** Every key in a store, sorted. */
export async function storedKeys(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.listKeys()) keys.push(key);
  return keys.sort();
}

function fileStoreDriver(name: FileStoreDriver['name']): FileStoreDriver {
  let store: FileStore | undefined;
  let cleanUp = async () => {};
  return {
    name,
    async open() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-store-'));
      const s3 = name === 's3' ? await startS3Server() : undefined;
      store = createFileStore(loadConfig({ DATA_DIR: dataDir, ...s3?.env }));
      cleanUp = async () => {
        await s3?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
      return store;
    },
    keys: () => storedKeys(store!),
    close: () => cleanUp(),
  };
}

export const fileStoreDrivers = (): FileStoreDriver[] => [fileStoreDriver('disk'), fileStoreDriver('s3')];
