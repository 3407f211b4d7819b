import crypto from 'node:crypto';

/**
 * Standard Webhooks signature: base64 HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with the
 * base64 bytes after "whsec_", sent as "v1,{signature}".
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = crypto.createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${signature}`;
}
