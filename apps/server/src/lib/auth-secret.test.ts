import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret.ts';

const run = promisify(execFile);
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
    // Each child waits for the same moment, then resolves the secret, as instances starting together do.
    const at = Date.now() + 1500;
    const script = `
      const { resolveAuthSecret } = await import(${JSON.stringify(MODULE)});
      while (Date.now() < ${at});
      process.stdout.write(resolveAuthSecret({ dataDir: ${JSON.stringify(dataDir)} }));`;
    const children = Array.from({ length: 6 }, () => run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]));
    const secrets = (await Promise.all(children)).map((result) => result.stdout);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));
    expect(fs.readdirSync(dataDir)).toEqual(['auth-secret']);
  });
});
