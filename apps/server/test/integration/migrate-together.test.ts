import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { createTestDatabase } from '../support/test-app.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../support/migrate-on-signal.ts');
const PROCESSES = 4;

function startMigrator(target: unknown) {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, MIGRATE_TARGET: JSON.stringify(target) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  return { child, ready, exited };
}

describe('migrations', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-migrate-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('run once when several processes start on a fresh database at the same moment', async () => {
    const { target, drop } = await createTestDatabase(dataDir);
    try {
      const migrators = Array.from({ length: PROCESSES }, () => startMigrator(target));
      await Promise.all(migrators.map((m) => m.ready));
      for (const m of migrators) m.child.stdin.end('go\n');
      const results = await Promise.all(migrators.map((m) => m.exited));
      expect(results).toEqual(Array.from({ length: PROCESSES }, () => ({ code: 0, stderr: '' })));

      const inspector = openDatabase(target);
      try {
        // The schema is whole: tables of the first and the latest migrations answer.
        await expect(inspector.db.selectFrom('user').select('id').execute()).resolves.toEqual([]);
        await expect(inspector.db.selectFrom('clipJob').select('id').execute()).resolves.toEqual([]);
      } finally {
        await inspector.close();
      }
    } finally {
      await drop();
    }
  });
});
