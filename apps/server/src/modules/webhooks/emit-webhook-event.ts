import type { Db } from '../../db/database.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { getSettings } from '../settings/settings-store.ts';
import { WEBHOOK_JOB, type TWebhookJob } from './deliver-webhook.ts';
import { newId } from '../../lib/ids.ts';

export const WEBHOOK_EVENTS = [
  'client.created',
  'request.created',
  'request.status_changed',
  'request.note_added',
  'onboarding.submitted',
  'onboarding.updated',
  'draft.review_requested',
  'draft.approved',
  'draft.changes_requested',
  'comment.added',
  'draft.published',
  'draft.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Retries with backoff: 1 + 7 attempts, about 10 minutes in all at the default 5 s base. */
const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * Queues an event for the configured webhook URL, in the caller's transaction (nothing is queued
 * when no URL is set). The event id stays the same across retries, so receivers can de-duplicate.
 */
export async function emitWebhookEvent(db: Db, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
  const { webhookUrl } = await getSettings(db);
  if (!webhookUrl) return;
  const payload: TWebhookJob = { eventId: `evt_${newId()}`, type, timestamp: new Date().toISOString(), url: webhookUrl, data };
  await enqueueJob(db, WEBHOOK_JOB, payload, { maxAttempts: WEBHOOK_MAX_ATTEMPTS });
}
