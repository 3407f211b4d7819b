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

/**
 * Waits for a mail to this address (the first one, or the first whose decoded text matches) and
 * returns its decoded text.
 */
export async function waitForMail(to: string, options: { matching?: RegExp; timeout?: number } = {}): Promise<string> {
  const read = () =>
    fs
      .readdirSync(MAIL_DIR)
      .filter((name) => name.endsWith(`-${to}.eml`))
      .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
      .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(MAIL_DIR, name), 'utf8')))
      .find((text) => !options.matching || options.matching.test(text));
  let mail: string | undefined;
  await expect
    .poll(() => (mail = read()), {
      message: `a mail to ${to}${options.matching ? ` matching ${options.matching}` : ''}`,
      timeout: options.timeout ?? 15_000,
    })
    .toBeDefined();
  return mail!;
}
