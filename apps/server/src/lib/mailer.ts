import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Can mail go out? SMTP: the server answers; outbox: works, but nobody receives anything. */
  check(): Promise<{ ok: boolean; detail: string }>;
  /** 'smtp' when SMTP_URL is set, else 'outbox' (files under DATA_DIR/outbox). */
  readonly mode: 'smtp' | 'outbox';
}

export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
      },
      async check() {
        try {
          await transport.verify();
          return { ok: true, detail: 'SMTP server answers' };
        } catch (error) {
          return { ok: false, detail: `SMTP server unreachable: ${(error as Error).message}` };
        }
      },
    };
  }
  // Without SMTP the message is still built for real and kept as an .eml file an operator can open.
  const outbox = path.join(config.dataDir, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async check() {
      return { ok: true, detail: `SMTP_URL not set: mails are written to ${outbox}` };
    },
    async send(message) {
      const info = await builder.sendMail({ from: config.MAIL_FROM, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // The file, never the text: mails carry live reset and invitation links, and logs travel further than DATA_DIR.
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
