import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as received, with the headers and the decoded text of every leaf part. */
export interface ParsedMail {
  raw: string;
  headers: Record<string, string>;
  subject: string;
  /** Decoded bodies of the text/* parts (quoted-printable and base64 undone), in order. */
  parts: { contentType: string; body: string }[];
  /** All decoded text parts joined, for searching. */
  text: string;
}

export interface ReceivedMail extends ParsedMail {
  envelopeFrom: string;
  envelopeTo: string[];
}

/** Undoes quoted-printable: soft line breaks (=CRLF) and =XX escapes, decoded as UTF-8. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function leafParts(raw: string): { contentType: string; body: string }[] {
  const { headers, body } = splitHead(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections.filter((section) => !section.startsWith('--')).flatMap((section) => leafParts(section.replace(/^\r?\n/, '')));
  }
  return [{ contentType: contentType.split(';')[0].trim().toLowerCase(), body: decodeBody(body, headers['content-transfer-encoding']) }];
}

/** A small MIME reader, enough for what nodemailer writes (one level of multipart/alternative, QP or base64). */
export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const parts = leafParts(raw).filter((p) => p.contentType.startsWith('text/'));
  return { raw, headers, subject: headers['subject'] ?? '', parts, text: parts.map((p) => p.body).join('\n') };
}

const RESET_LINK = /http:\/\/localhost:3000\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)\?callbackURL=[^\s"<]*/;

/** The password-reset link in a mail (to the test app at localhost:3000) and its token. */
export function resetLinkIn(mail: ParsedMail): { link: string; token: string } {
  const match = RESET_LINK.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail:\n${mail.text}`);
  return { link: match[0], token: match[1] };
}

export interface FakeSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next mail for this address (already received or still to come). */
  waitForMail(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port, keeping every accepted message in memory. */
export async function startSmtpServer(): Promise<FakeSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const taken = new Set<ReceivedMail>();

  const claim = (to: string) => {
    const mail = messages.find((m) => !taken.has(m) && m.envelopeTo.includes(to.toLowerCase()));
    if (mail) taken.add(mail);
    return mail;
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        };
        messages.push(mail);
        for (const waiter of [...waiters]) {
          const claimed = claim(waiter.to);
          if (claimed) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(claimed);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to) {
      const mail = claim(to);
      if (mail) return Promise.resolve(mail);
      return new Promise((resolve) => waiters.push({ to, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
