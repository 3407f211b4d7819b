import { PublishError } from '../../publishing/channel-publisher.ts';
import { callNetwork } from '../network-http.ts';

export const LINKEDIN_LABEL = 'LinkedIn';
/**
 * The monthly version of LinkedIn's REST API this adapter speaks (the LinkedIn-Version header).
 * LinkedIn keeps each version for at least a year, then sunsets it: move it forward before then.
 */
export const LINKEDIN_VERSION = '202610';

/** The headers every call to LinkedIn's versioned REST API needs. */
export function restHeaders(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}`, 'LinkedIn-Version': LINKEDIN_VERSION, 'X-Restli-Protocol-Version': '2.0.0' };
}

/** A JSON request body with the REST API's headers. */
export function jsonRequest(accessToken: string, method: 'POST', body: unknown): RequestInit {
  return { method, headers: { ...restHeaders(accessToken), 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** Where in a path a URN goes: Rest.li 2.0 wants the whole key URL-encoded (urn%3Ali%3Ashare%3A1). */
export const urnInPath = (urn: string) => encodeURIComponent(urn);

/** The public page of a post. */
export const postUrlOf = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

/**
 * LinkedIn's error body: {"status":401,"serviceErrorCode":65601,"code":"REVOKED_ACCESS_TOKEN","message":…},
 * and for refused input {"message":…,"errorDetails":{"inputErrors":[{"code":"DUPLICATE_POST",…}]},"status":422}.
 */
interface LinkedInError {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  errorDetails?: { inputErrors?: Array<{ code?: string }> };
}

function parseLinkedInError(body: string | null): LinkedInError {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    return typeof parsed === 'object' && parsed !== null ? (parsed as LinkedInError) : {};
  } catch {
    return {};
  }
}

/**
 * Rate limits are counted per day and reset at midnight UTC (LinkedIn's Rate Limiting page); LinkedIn
 * sends no Retry-After, but says which limit was hit: "Resource level throttle APPLICATION DAY limit
 * for calls to this resource is reached." Other 429s protect its infrastructure and pass quickly.
 */
const isDailyThrottle = (error: LinkedInError) => error.status === 429 && /\bDAY\b/.test(error.message ?? '');

export function msUntilUtcMidnight(now = Date.now()): number {
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return midnight.getTime() - now;
}

function isDuplicate(error: LinkedInError): boolean {
  return error.code === 'DUPLICATE_POST' || (error.errorDetails?.inputErrors ?? []).some((input) => input.code === 'DUPLICATE_POST');
}

/** Clear sentences for the refusals LinkedIn documents; the body itself is kept beside them. */
function explainLinkedInError(status: number, body: string): string | undefined {
  const error = parseLinkedInError(body);
  if (status === 401 && error.code === 'EXPIRED_ACCESS_TOKEN') {
    return "LinkedIn's authorization for this channel has expired. Reconnect the channel.";
  }
  if (status === 401 && error.code === 'REVOKED_ACCESS_TOKEN') {
    return "The LinkedIn member withdrew Hookline's access to their account. Reconnect the channel.";
  }
  if (isDailyThrottle(error)) {
    return "LinkedIn's daily limit of calls is used up. Hookline will try again after midnight UTC, when LinkedIn resets it.";
  }
  if (status === 422 && isDuplicate(error)) {
    const existing = /urn:li:(?:share|ugcPost):\d+/.exec(error.message ?? '')?.[0];
    return `LinkedIn refused the post as a duplicate of one already on this account${existing ? ` (${postUrlOf(existing)})` : ''}. Change the text, then post it again.`;
  }
  if (status === 403) {
    return `LinkedIn does not allow this account to do that${error.message ? ` (${error.message})` : ''}. If the channel is a page, check that the connected member still administers it, then reconnect the channel.`;
  }
  return undefined;
}

/**
 * A call to LinkedIn through callNetwork, with its documented errors explained; a daily throttle is
 * retried after midnight UTC, when LinkedIn resets the limits.
 */
export async function callLinkedIn(
  url: string,
  init: RequestInit,
  options: { signal: AbortSignal; timeoutMs?: number; createsPost?: boolean },
): Promise<Response> {
  try {
    return await callNetwork(url, init, { label: LINKEDIN_LABEL, ...options, explain: explainLinkedInError });
  } catch (error) {
    if (error instanceof PublishError && error.retryAfterMs === undefined && isDailyThrottle(parseLinkedInError(error.platformError))) {
      throw new PublishError(error.message, true, msUntilUtcMidnight(), error.platformError);
    }
    throw error;
  }
}
