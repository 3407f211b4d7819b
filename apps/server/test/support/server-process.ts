import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../../src/db/database.ts';
import { afterAll, vi } from 'vitest';
import { bundleServer, type ServerEntry } from './server-bundle.ts';

export type { ServerEntry };
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** DATABASE_URL for a child process: the test's SQLite file, or its PostgreSQL schema via search_path. */
export function databaseUrl(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `sqlite:${target.file}`;
  const url = new URL(target.url);
  if (target.schema) url.searchParams.set('options', `-c search_path=${target.schema}`);
  return url.toString();
}

/** A port nobody listens on right now (the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The environment of a child: the parent's, minus what Vitest adds (its BASE_URL is '/'), plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { BASE_URL: _base, TEST_DB: _db, DATABASE_URL: _url, ...rest } = process.env;
  return { ...rest, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env };
}

/** An entry point (main, cli, worker) of a bundle of the current sources, run by Node like dist/ in production. */
export async function spawnEntry(
  entry: ServerEntry,
  args: string[],
  options: { env: Record<string, string>; cwd: string },
): Promise<ChildProcess> {
  const dir = await bundleServer();
  return spawn(process.execPath, ['--enable-source-maps', path.join(dir, `${entry}.js`), ...args], {
    cwd: options.cwd,
    env: childEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The last `limit` characters a child wrote to stdout and stderr, for failure messages. */
function collectOutput(child: ChildProcess, limit = 20_000): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-limit);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text;
}

function exitOf(child: ChildProcess): Promise<ExitStatus> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Runs the CLI to its end. */
export async function runCli(args: string[], options: { env: Record<string, string>; cwd: string }) {
  const child = await spawnEntry('cli', args, options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const { code } = await exitOf(child);
  return { code, stdout, stderr };
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:{port}, also the server's BASE_URL (send it as Origin). */
  url: string;
  /** What the process wrote so far (its tail). */
  output(): string;
  exited: Promise<ExitStatus>;
  /** Sends a signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<ExitStatus>;
}

export interface StartServerOptions {
  /** main (HTTP server, the default) or worker (jobs only; ready once it logs "worker started"). */
  entry?: 'main' | 'worker';
  /** The port to listen on; a fresh one when not given (a restart passes the previous one). */
  port?: number;
  /** DATA_DIR, DATABASE_URL and anything else the process needs. */
  env: Record<string, string>;
  /** Working directory (no .env is loaded from the repository); DATA_DIR by default. */
  cwd?: string;
  /** How much of the process output output() keeps (its tail); 20 000 characters by default. */
  outputLimit?: number;
  /** How long the process may take to be ready: 90 s by default, which a busy test machine starting several at once needs. */
  readyTimeoutMs?: number;
}

/**
 * Starts the server in a child process (a bundle of the current sources, see server-bundle.ts) and
 * waits until GET /api/ready answers 200; fails with the process output if it exits or times out first.
 */
export async function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = await spawnEntry(options.entry ?? 'main', [], {
    cwd: options.cwd ?? options.env.DATA_DIR,
    // A worker tells it is ready in its log, at level info.
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: url,
      ...(options.entry === 'worker' ? { LOG_LEVEL: 'info' } : {}),
      ...options.env,
    },
  });
  const output = collectOutput(child, options.outputLimit);
  const exited = exitOf(child);
  const server: ServerProcess = {
    child,
    pid: child.pid ?? -1,
    url,
    output,
    exited,
    stop(signal) {
      child.kill(signal);
      return exited;
    },
  };
  const ready = options.entry === 'worker' ? () => server.output().includes('"msg":"worker started"') : () => isReady(server.url);
  await waitUntil(server, ready, options.readyTimeoutMs ?? 90_000);
  return server;
}

async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/ready`)).ok;
  } catch {
    return false; // not listening yet
  }
}

async function waitUntil(server: ServerProcess, ready: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  let ended: ExitStatus | null = null;
  void server.exited.then((status) => (ended = status));
  try {
    // Polls until ready, or until the process has ended (then there is no point in waiting on).
    await vi.waitFor(
      async () => {
        if (!ended && !(await ready())) throw new Error('not ready yet');
      },
      { timeout: timeoutMs, interval: 50 },
    );
  } catch {
    server.child.kill('SIGKILL');
    throw new Error(`the process was not ready within ${timeoutMs} ms:\n${server.output()}`);
  }
  if (ended) throw new Error(`the process exited (${JSON.stringify(ended)}) before it was ready:\n${server.output()}`);
}

export interface RemoteAnswer {
  status: number;
  body: unknown;
}

export type RemoteCaller = (method: string, route: string, payload?: unknown) => Promise<RemoteAnswer>;

/**
 * Calls a server process over HTTP as one caller (a session cookie, or nobody), from the server's own
 * origin. Given a function instead of a URL, each request goes to the instance it names then (a load
 * balancer in front of several).
 */
export function remoteCaller(to: string | (() => string), cookie = ''): RemoteCaller {
  return async (method, route, payload) => {
    const url = typeof to === 'string' ? to : to();
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  };
}

/** Signs up or in over HTTP (Better Auth's email routes): the answer's status and its session cookie. */
async function authenticateRemote(url: string, action: 'sign-up' | 'sign-in', email: string, password: string) {
  const response = await fetch(`${url}/api/auth/${action}/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(action === 'sign-up' ? { name: '' } : {}) }),
  });
  const body = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: response.status, body, cookie };
}

/** Signs up over HTTP and returns the session cookie. */
export async function signUpRemote(url: string, email: string, password = 'correct-horse-1'): Promise<string> {
  const { status, body, cookie } = await authenticateRemote(url, 'sign-up', email, password);
  if (status !== 200) throw new Error(`sign-up of ${email} failed: ${status} ${body}`);
  return cookie;
}

/** Signs in over HTTP: the status and the session cookie ('' when refused). */
export function signInRemote(url: string, email: string, password = 'correct-horse-1') {
  return authenticateRemote(url, 'sign-in', email, password);
}

export interface OsProcess {
  pid: number;
  ppid: number;
  args: string;
}

/**
 * Processes alive now (zombies left out: an exited child nobody reaped yet is gone for our purposes)
 * whose command line contains `text`, e.g. a test's DATA_DIR in the arguments of an ffmpeg.
 */
export function livingProcessesMentioning(text: string): OsProcess[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' });
  return table.split('\n').flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!match || match[3].startsWith('Z') || !match[4].includes(text)) return [];
    return [{ pid: Number(match[1]), ppid: Number(match[2]), args: match[4] }];
  });
}

/**
 * Which of `pids` holds the TCP connection whose local port is `port` (seen from the other end as
 * the remote port): from /proc/net/tcp{,6} (port → socket inode) and /proc/{pid}/fd (inode → pid).
 * Linux only; undefined when none of them does.
 */
export function processOfConnection(port: number, pids: number[]): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
      fs
        .readFileSync(table, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields[1]?.endsWith(`:${hexPort}`))
        .map((fields) => `socket:[${fields[9]}]`),
    ),
  );
  return pids.find((pid) => {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        } catch {
          return false; // closed meanwhile
        }
      });
    } catch {
      return false; // the process is gone
    }
  });
}

/**
 * A describe block's scratch: a temporary folder and a list of cleanups, run after its tests, when
 * the server process it still has running (`running()`) is killed first.
 */
export function useScratch(prefix: string, running: () => ServerProcess | undefined) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    const server = running();
    server?.child.kill('SIGKILL');
    await server?.exited;
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return { root, cleanups };
}
