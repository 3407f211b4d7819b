import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The S3 settings of an app that keeps its files on the test server. */
export type S3Env = Record<
  'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | typeof NODE_WARNING_OFF,
  string
>;

/** The AWS SDK warns once per process that its 2027 releases will need Node 22; tests check stderr. */
const NODE_WARNING_OFF = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

export interface S3Server {
  env: S3Env;
  /** Where the server keeps its objects on disk (one folder per bucket). */
  directory: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, from the npm registry) on a free localhost port, with a bucket of
 * its own, speaking S3's REST protocol: signed requests, ranged reads, multi-object deletes, listing.
 */
export async function startS3Server(bucket = 'hookline-test'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  return {
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials; it checks every request's signature with them.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      [NODE_WARNING_OFF]: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
