import { DateTime } from 'luxon';
import { ChannelAuthError, PublishError } from '../../publishing/channel-publisher.ts';
import { callNetwork } from '../network-http.ts';

export const YOUTUBE_LABEL = 'YouTube';

/** Google's error body: { error: { code, message, errors: [{ message, domain, reason }] } }. */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; errors?: Array<{ message?: string; domain?: string; reason?: string }> };
}

function readGoogleError(body: string): { reason: string | undefined; message: string | undefined } {
  try {
    const { error } = JSON.parse(body) as GoogleErrorBody;
    return { reason: error?.errors?.[0]?.reason, message: error?.message ?? error?.errors?.[0]?.message };
  } catch {
    return { reason: undefined, message: undefined };
  }
}

/** Google's messages may carry HTML links ("exceeded your <a href=…>quota</a>"). */
const plain = (message: string) => message.replace(/<[^>]*>/g, '').trim();

/**
 * Refusals that pass with time: the project's daily quota (quotaExceeded in the YouTube Data API
 * "Errors" reference; dailyLimitExceeded in Google's shared usageLimits errors), and the
 * per-project and per-user request rates.
 */
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/**
 * Milliseconds until YouTube's daily quotas reset: "Daily quotas reset at midnight Pacific Time"
 * (developers.google.com/youtube/v3/determine_quota_cost).
 */
export function msUntilQuotaReset(now: DateTime = DateTime.now()): number {
  const pacific = now.setZone('America/Los_Angeles');
  return Math.max(0, pacific.plus({ days: 1 }).startOf('day').toMillis() - now.toMillis());
}

/** A clear sentence for the refusals YouTube documents, from its error body. */
export function explainYouTubeError(status: number, body: string): string | undefined {
  const { reason, message } = readGoogleError(body);
  if (reason && QUOTA_REASONS.has(reason)) {
    return "Hookline has used up today's YouTube API quota; it resets at midnight Pacific Time, when Hookline will try again.";
  }
  if (reason && RATE_REASONS.has(reason)) return 'YouTube is limiting how fast Hookline may send requests. Hookline will try again.';
  if (reason === 'uploadLimitExceeded') {
    return 'This YouTube channel has reached the number of videos YouTube lets it upload in a day. Publish it again tomorrow.';
  }
  if (reason === 'invalidTitle') {
    return 'YouTube refused the title (the first line of the text). Keep it to 100 characters, without < or >.';
  }
  if (reason === 'invalidDescription') {
    return 'YouTube refused the description (the text after the first line). Keep it to 5,000 bytes, without < or >.';
  }
  if (reason === 'youtubeSignupRequired') return 'This Google account has no YouTube channel. Create one, then reconnect the channel.';
  // Lost authorizations, rate limits and outages keep callNetwork's own sentences.
  if (status === 401 || status === 429 || status >= 500 || !message) return undefined;
  return `YouTube refused the request: ${plain(message)}`;
}

/**
 * A refusal YouTube answers with 403 but that passes with time (quota, request rates) is temporary;
 * the quota is retried once it has reset.
 */
export function classifyYouTubeError<T>(error: T): T | PublishError {
  if (!(error instanceof PublishError) || error instanceof ChannelAuthError || error.temporary || !error.platformError) return error;
  const { reason } = readGoogleError(error.platformError);
  if (reason && QUOTA_REASONS.has(reason)) return new PublishError(error.message, true, msUntilQuotaReset(), error.platformError);
  if (reason && RATE_REASONS.has(reason)) return new PublishError(error.message, true, error.retryAfterMs, error.platformError);
  return error;
}

/** callNetwork for YouTube: its errors explained, and its passing refusals temporary. */
export async function callYouTube(
  url: string | URL,
  init: RequestInit,
  options: { signal: AbortSignal; timeoutMs?: number },
): Promise<Response> {
  try {
    return await callNetwork(url, init, { label: YOUTUBE_LABEL, ...options, explain: explainYouTubeError });
  } catch (error) {
    throw classifyYouTubeError(error);
  }
}
