// Starts the servers the benchmarks measure, each in a process of its own, and stops them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `node {args}` with PORT and BASE_URL set, its output appended to logFile, and waits until readyPath answers 200. */
export async function startServer(input: {
  args: string[];
  env: Record<string, string>;
  logFile: string;
  readyPath: string;
}): Promise<RunningServer> {
  const port = await findFreePort();
  const log = fs.openSync(input.logFile, 'a');
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, input.args, {
    env: { ...process.env, ...input.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${input.args.join(' ')} exited with ${child.exitCode}; see ${input.logFile}`);
    const answer = await fetch(url + input.readyPath).catch(() => null);
    if (answer?.status === 200) return { url, pid: child.pid!, stop: () => stopChild(child, exited) };
    await sleep(100);
  }
  await stopChild(child, exited);
  throw new Error(`${input.args.join(' ')} did not answer ${input.readyPath}; see ${input.logFile}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode === null) child.kill('SIGTERM');
  await exited;
}

/** Signs up an account through the real auth endpoint and returns its session cookie. */
export async function signUp(baseUrl: string, email: string, name = email.split('@')[0]): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'bench-password-1', name }),
  });
  if (answer.status !== 200) throw new Error(`sign-up of ${email} failed: ${answer.status} ${await answer.text()}`);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
