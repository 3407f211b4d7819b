import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';

/** AUTH_SECRET, or a random secret created once and kept in DATA_DIR/auth-secret so sessions survive restarts. */
export function resolveAuthSecret(config: Pick<AppConfig, 'AUTH_SECRET' | 'dataDir'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  // NOTE: processes starting together on a fresh shared DATA_DIR must all end up with one secret:
  // the file appears whole (written aside, then hard-linked), and only the first link wins.
  const secret = crypto.randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, secret, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
