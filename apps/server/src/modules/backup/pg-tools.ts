import { spawn } from 'node:child_process';
import { BackupError } from './backup-manifest.ts';

/**
 * libpq's environment for a postgres:// URL, so the password never shows in a process list:
 * host, port, user, password, database, and the sslmode and options parameters.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  if (u.pathname.length > 1) env.PGDATABASE = decodeURIComponent(u.pathname.slice(1));
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  const options = u.searchParams.get('options');
  if (options) env.PGOPTIONS = options;
  return env;
}

/** Runs pg_dump or pg_restore and answers its output; a missing tool or a failure becomes a BackupError carrying its stderr. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string, help: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: libpqEnv(url), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(`${tool} was not found on PATH. ${help}`) : error),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}
