import http from 'node:http';
import net from 'node:net';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { JobContext } from '../../lib/jobs/job-queue.ts';
import { getWebhookSecret } from '../settings/settings-store.ts';
import { createRefusedTargetError, guardedLookup, isPrivateAddress } from './ssrf-guard.ts';
import { newId } from '../../lib/ids.ts';

export const WEBHOOK_JOB = 'webhook.deliver';
const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export const ZWebhookJob = z.object({
  eventId: z.string(),
  type: z.string(),
  timestamp: z.string(),
  url: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookJob = z.infer<typeof ZWebhookJob>;

/**
 * Network failures in words of their own: Node's texts (connect ECONNREFUSED 203.0.113.5:443) name
 * the address the host name resolved to, and the delivery log would show an admin how this
 * server's DNS answers for any name they enter.
 */
const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the target',
  EPIPE: 'connection reset by the target',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
};

/** Why a POST failed, for the delivery log: the cause in words, never an address the host name resolved to. */
function describePostFailure(error: NodeJS.ErrnoException, socket: TLSSocket | null): string {
  const code = error.code ?? 'no error code';
  if (NETWORK_FAILURES[code]) return NETWORK_FAILURES[code];
  // A failed handshake: OpenSSL's text with its file and line around the reason.
  const handshake = /:SSL routines:[^:]*:([^:]+):/.exec(error.message);
  if (handshake) return `TLS error: ${handshake[1]}`;
  // A refused certificate (self-signed, expired, for another name): the text names only the URL's own host.
  if (socket?.authorizationError) return `TLS error: ${error.message}`;
  // Any other failure to connect names the address it tried; one per address (an AggregateError) has no text at all.
  return 'address' in error || error instanceof AggregateError ? `connection failed (${code})` : error.message;
}

/** One POST, no redirects followed, private targets refused at connect time. Resolves to the status; rejects with a loggable reason. */
function post(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    // An IP literal never goes through the lookup, so it is checked here.
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) return reject(createRefusedTargetError());
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(allowPrivate),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => reject(new Error(describePostFailure(error, request.socket as TLSSocket | null))));
    request.end(body);
  });
}

/** Delivers one event; every attempt is logged; a non-2xx answer or a network error throws, so the job is retried. */
export async function deliverWebhook(db: Db, allowPrivate: boolean, payload: unknown, job: JobContext): Promise<void> {
  const event = ZWebhookJob.parse(payload);
  const body = JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
  const sentAt = new Date();
  const secret = await getWebhookSecret(db);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Hookline-Webhooks/1',
    'webhook-id': event.eventId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(event.eventId, sentAt, body),
  };
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await post(event.url, headers, body, allowPrivate);
    if (status < 200 || status >= 300) error = status >= 300 && status < 400 ? `redirect ${status} not followed` : `HTTP ${status}`;
  } catch (e) {
    error = (e as Error).message;
  }
  await db
    .insertInto('webhookDelivery')
    .values({
      id: newId(),
      eventId: event.eventId,
      eventType: event.type,
      url: event.url,
      attempt: job.attempt,
      status: error ? 'failed' : 'succeeded',
      responseStatus: status,
      error,
      ts: new Date().toISOString(),
    })
    .execute();
  if (error) throw new Error(error);
}
