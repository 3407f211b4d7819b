import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret.ts';

const MODULE = path.resolve(import.meta.dirname, 'auth-secret.ts');

describe('resolveAuthSecret', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-secret-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prefers AUTH_SECRET, else creates DATA_DIR/auth-secret once (owner-only) and keeps it', () => {
    const dataDir = freshDir();
    expect(resolveAuthSecret({ AUTH_SECRET: 'from-the-environment', dataDir })).toBe('from-the-environment');
    expect(fs.existsSync(dataDir)).toBe(false);
    const first = resolveAuthSecret({ AUTH_SECRET: undefined, dataDir });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ AUTH_SECRET: undefined, dataDir })).toBe(first);
    expect(fs.readdirSync(dataDir)).toEqual(['auth-secret']);
  });

  it('gives processes that start together on a fresh DATA_DIR one and the same secret', async () => {
    const dataDir = freshDir();
    // Each child loads the module, says "ready" and resolves the secret when a line arrives on
    // stdin; the line goes to all of them at once, as instances starting together do.
    const script = `
      const { resolveAuthSecret } = await import(${JSON.stringify(MODULE)});
      process.stdin.once('data', () => {
        process.stdin.destroy();
        process.stdout.write(resolveAuthSecret({ dataDir: ${JSON.stringify(dataDir)} }));
      });
      process.stdout.write('ready\\n');`;
    const children = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let stdout = '';
      const secret = new Promise<string>((resolve, reject) =>
        child.on('close', (code) =>
          code === 0 ? resolve(stdout.replace('ready\n', '')) : reject(new Error(`a child exited with ${code}`)),
        ),
      );
      // Ready, or ended early (then `secret` tells why).
      const ready = new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.startsWith('ready\n')) resolve();
        });
        child.on('close', () => resolve());
      });
      return { child, ready, secret };
    });
    await Promise.all(children.map((c) => c.ready));
    for (const { child } of children) child.stdin.end('go\n');
    const secrets = await Promise.all(children.map((c) => c.secret));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));
    expect(fs.readdirSync(dataDir)).toEqual(['auth-secret']);
    // Six Node processes under tsx take seconds to start on a busy machine.
  }, 60_000);
});
