import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMail } from '../../test/support/mail.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mailer.ts';

describe('the outbox mailer (no SMTP_URL)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the whole mail to a file and logs where it is and to whom, never its text or link', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-mailer-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const written: string[] = [];
    const mailer = createMailer(config, createLogger(config, { write: (line: string) => void written.push(line) }));
    const link = 'http://localhost:3000/api/auth/reset-password/live-reset-token?callbackURL=%2Freset-password';

    await mailer.send({ to: 'reader@example.com', subject: 'Reset your Hookline password', text: `Open this link:\n\n${link}\n` });

    const outbox = path.join(dataDir, 'outbox');
    const [name] = fs.readdirSync(outbox);
    const file = path.join(outbox, name);
    expect(parseMail(fs.readFileSync(file, 'utf8')).text).toContain(link);
    expect(written.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ msg: 'mail written to outbox', to: 'reader@example.com', subject: 'Reset your Hookline password', file }),
    ]);
    expect(written.join('')).not.toContain('live-reset-token');
    expect(written.join('')).not.toContain('Open this link');
  });
});
