import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

export const MAIL_DIR = path.resolve(import.meta.dirname, '../.artifacts/mail');

/** A real SMTP server that keeps every message it receives as an .eml file for the tests to read. */
export async function startMailbox(): Promise<{ port: number; close: () => Promise<void> }> {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        // Written aside, then renamed, so a test never reads half a message.
        const file = path.join(MAIL_DIR, `${Date.now()}-${++count}-${to}.eml`);
        fs.writeFileSync(`${file}.part`, Buffer.concat(chunks));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Undoes quoted-printable soft breaks and escapes so links can be read from the raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to this address and returns its decoded text. */
export async function waitForMail(to: string, timeout = 15_000): Promise<string> {
  let file: string | undefined;
  await expect
    .poll(() => (file = fs.readdirSync(MAIL_DIR).find((name) => name.endsWith(`-${to}.eml`))), { message: `a mail to ${to}`, timeout })
    .toBeDefined();
  return decodeQuotedPrintable(fs.readFileSync(path.join(MAIL_DIR, file!), 'utf8'));
}
