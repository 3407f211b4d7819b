import { ChannelAuthError, PublishError } from '../../publishing/channel-publisher.ts';
import { retryAfterMs } from '../network-http.ts';

export const LABEL = 'Instagram';
/** The Graph API version Hookline speaks (v26.0, July 2026, in Meta's changelog). */
export const GRAPH_VERSION = 'v26.0';

const TIMEOUT_MS = 30_000;
/** How much of Instagram's error answer is kept word for word (as callNetwork keeps it). */
const MAX_PLATFORM_ERROR = 4000;

/** The Graph API's error body: {"error":{"message","type","code","error_subcode","fbtrace_id",…}}. */
interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

/** Throttling codes of Meta's rate limits: application, user, page, API-specific, Instagram account (BUC). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);
/** Meta's "temporary issue, retry" codes (unknown error, service down) beside is_transient. */
const TRANSIENT_CODES = new Set([1, 2]);
/** Instagram's publishing subcodes whose documented remedy is to try again (timeout, server error, failed upload). */
const RETRY_SUBCODES = new Set([2207001, 2207003, 2207020, 2207032, 2207053]);

/** Why Instagram no longer takes the token, from the Graph API's authentication subcodes. */
const TOKEN_REASONS: Record<number, string> = {
  458: 'the app was removed from the account',
  460: 'the password was changed',
  463: 'the access token has expired',
  467: 'the access token is no longer valid',
};

export function parseGraphError(body: string): GraphError | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: GraphError };
    return typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

const isTokenError = (status: number, error: GraphError | undefined) => status === 401 || error?.code === 190;

/**
 * How long Meta says to wait: the estimated_time_to_regain_access (minutes) of the X-Business-Use-Case-Usage
 * header ({"<id>":[{"type","call_count",…,"estimated_time_to_regain_access"}]}) or X-App-Usage, else Retry-After.
 */
function regainAccessMs(headers: Headers): number | undefined {
  const minutes: number[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'estimated_time_to_regain_access' && typeof inner === 'number') minutes.push(inner);
        else collect(inner);
      }
    }
  };
  for (const name of ['x-business-use-case-usage', 'x-app-usage']) {
    const value = headers.get(name);
    if (!value) continue;
    try {
      collect(JSON.parse(value));
    } catch {
      // A header that is not JSON says nothing about the wait.
    }
  }
  const longest = Math.max(0, ...minutes);
  return longest > 0 ? longest * 60_000 : retryAfterMs(headers);
}

/** A sentence a user can act on for one of Instagram's documented refusals. */
function explainRefusal(error: GraphError | undefined, status: number): string {
  if (error?.code === 9004 || error?.error_subcode === 2207052) {
    return 'Instagram could not download the media from Hookline. Check that the file is still attached to the draft, then publish it again.';
  }
  if (error?.error_subcode === 2207042) {
    return 'This Instagram account has reached the number of posts apps may publish for it in 24 hours. Publish this post tomorrow.';
  }
  if (error?.error_subcode === 2207050) {
    return 'Instagram has restricted this account or needs its owner to act. Sign in to the Instagram app, follow its instructions, then publish again.';
  }
  if (error?.error_user_msg) return `Instagram refused the post: ${error.error_user_msg}`;
  if (error?.message) return `Instagram refused the request: ${error.message}`;
  return `Instagram refused the request (HTTP ${status}).`;
}

/** An IG Container's status_code: EXPIRED (not published within 24 hours), ERROR, FINISHED, IN_PROGRESS, PUBLISHED. */
export interface ContainerStatus {
  status_code?: string;
  /** For ERROR, the reason: an error subcode. */
  status?: string;
}

/**
 * The final PublishError for a container Instagram could not process (status_code ERROR or EXPIRED);
 * for ERROR, its status names Instagram's error subcode.
 */
export function containerFailure(answer: ContainerStatus, what: string): PublishError {
  const platformError = JSON.stringify(answer);
  if (answer.status_code === 'EXPIRED') {
    return new PublishError(
      `Instagram discarded ${what} because it was not published within 24 hours. Publish the post again.`,
      false,
      undefined,
      platformError,
    );
  }
  const subcode = Number(/\b22\d{5}\b/.exec(answer.status ?? '')?.[0]);
  if (subcode === 2207052) return new PublishError(explainRefusal({ error_subcode: subcode }, 400), false, undefined, platformError);
  const reason = answer.status ? ` (${answer.status})` : '';
  return new PublishError(
    `Instagram could not process ${what}${reason}. Check that it meets Instagram's limits, then publish it again.`,
    false,
    undefined,
    platformError,
  );
}

/**
 * The PublishError for a Graph API answer that is not a success. Instagram explains its failures in
 * the body, not the status: an expired token is a 400 with code 190, a rate limit a 400 with code 4,
 * 17, 32, 613 or 80002 and the wait in the usage headers.
 */
function graphFailure(status: number, body: string, headers: Headers): PublishError {
  const platformError = body.slice(0, MAX_PLATFORM_ERROR) || `HTTP ${status}`;
  const error = parseGraphError(body);
  if (isTokenError(status, error)) {
    const reason = (error?.error_subcode && TOKEN_REASONS[error.error_subcode]) || 'the access token is not valid';
    return new ChannelAuthError(
      `Instagram no longer accepts this channel's authorization (${reason}). Reconnect the channel.`,
      platformError,
    );
  }
  if (status === 429 || (error?.code !== undefined && RATE_LIMIT_CODES.has(error.code))) {
    const wait = regainAccessMs(headers);
    const when = wait ? `in ${Math.ceil(wait / 60_000)} minute${wait > 60_000 ? 's' : ''}` : 'later';
    return new PublishError(
      `Instagram is limiting how often Hookline may call it. Hookline will try again ${when}.`,
      true,
      wait,
      platformError,
    );
  }
  const transient =
    status >= 500 ||
    error?.is_transient === true ||
    (error?.code !== undefined && TRANSIENT_CODES.has(error.code)) ||
    (error?.error_subcode !== undefined && RETRY_SUBCODES.has(error.error_subcode));
  if (transient) {
    const what = error?.message ? `: ${error.message}` : ` (HTTP ${status})`;
    return new PublishError(
      `Instagram had a temporary problem${what}. Hookline will try again.`,
      true,
      retryAfterMs(headers),
      platformError,
    );
  }
  return new PublishError(explainRefusal(error, status), false, undefined, platformError);
}

/**
 * A Graph API request. Answers the response when it is a success; otherwise throws the PublishError
 * graphFailure makes of it. It is callNetwork with one difference: a refusal is read with its headers,
 * which callNetwork drops, because Meta puts the rate-limit wait there.
 */
export async function callGraph(url: URL, init: RequestInit, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) });
  } catch (error) {
    if (signal.aborted) throw error;
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new PublishError(`Could not reach Instagram (${cause}). Hookline will try again.`, true);
  }
  if (response.ok) return response;
  const body = await response.text().catch(() => '');
  throw graphFailure(response.status, body, response.headers);
}
