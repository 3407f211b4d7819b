import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../support/server-process.ts';
import { createTestApp, signUp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli.ts');

async function cli(t: TestApp, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      // BASE_URL is set explicitly: Vitest puts Vite's own BASE_URL ('/') into process.env.
      env: { ...process.env, BASE_URL: TEST_BASE_URL, DATA_DIR: t.dataDir, DATABASE_URL: databaseUrl(t.target), LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run cli -- role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets a role that the next request already sees', async () => {
    const { cookie } = await signUp(t.app, { email: 'promote@example.com' });
    const result = await cli(t, 'role', 'Promote@example.com', 'manager');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('Promote@example.com is now manager');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().role).toBe('manager');
  });

  it('refuses an unknown role, an unknown account and bad usage with clear messages', async () => {
    await signUp(t.app, { email: 'stays@example.com' });
    const badRole = await cli(t, 'role', 'stays@example.com', 'emperor');
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('Unknown role "emperor": use one of client, manager, admin, founder');
    const nobody = await cli(t, 'role', 'ghost@example.com', 'admin');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No account with the email ghost@example.com');
    const usage = await cli(t, 'promote');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage:');
  });
});
