import { ChannelAuthError, PublishError } from '../publishing/channel-publisher.ts';

/** A network that does not answer within this time counts as unreachable for now. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** How much of a network's error answer is kept word for word. */
const MAX_PLATFORM_ERROR = 4000;

export interface NetworkCall {
  /** What users call the network, for messages ("LinkedIn"). */
  label: string;
  signal: AbortSignal;
  /** Longer for uploads. */
  timeoutMs?: number;
  /** A clearer sentence for a refusal the network explains in its body; the body is kept beside it anyway. */
  explain?: (status: number, body: string) => string | undefined;
  /**
   * The request that creates the post. When its answer is lost (a timeout, a dropped connection, a
   * server error other than 503) the network may have taken the post: retrying could post it twice,
   * so the failure is final and says to check the account before Retry.
   */
  createsPost?: boolean;
}

/** Connection failures that happen before a request is sent: retrying cannot post twice. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

const mayHavePosted = (label: string, why: string, platformError: string | null = null) =>
  new PublishError(
    `${label} did not confirm the post (${why}), and it may have been published. Check the account: if the post is not there, Retry.`,
    false,
    undefined,
    platformError,
  );

/**
 * How long a network asks to wait, from the headers networks send with 429 and 503: Retry-After
 * (seconds or an HTTP date), X's x-rate-limit-reset and Bluesky's ratelimit-reset (Unix seconds),
 * Mastodon's x-ratelimit-reset (an ISO time). Undefined when none says.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  for (const name of ['x-rate-limit-reset', 'ratelimit-reset', 'x-ratelimit-reset']) {
    const value = headers.get(name);
    if (!value) continue;
    const at = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return undefined;
}

/**
 * A request to a network's API. Answers the response when it is a success; otherwise throws a
 * PublishError that keeps the network's answer word for word: 401 is a ChannelAuthError (reconnect),
 * 429, 5xx, timeouts and unreachable networks are temporary (retried after the network's
 * Retry-After), other refusals are final.
 */
export async function callNetwork(url: string | URL, init: RequestInit, call: NetworkCall): Promise<Response> {
  const { label, signal } = call;
  let response: Response;
  try {
    // Redirects are never followed: a server a user named (a Mastodon instance, a Bluesky PDS) could
    // send Hookline to an internal address, and its answer would be shown back as the network's.
    response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(call.timeoutMs ?? DEFAULT_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
    if (call.createsPost && !(typeof code === 'string' && NOT_SENT.has(code))) throw mayHavePosted(label, cause);
    throw new PublishError(`Could not reach ${label} (${cause}). Hookline will try again.`, true);
  }
  if (response.ok) return response;
  if (response.status >= 300 && response.status < 400) {
    throw new PublishError(`${label} answered with a redirect (HTTP ${response.status}), which Hookline does not follow.`, false);
  }
  const body = (await response.text().catch(() => '')).slice(0, MAX_PLATFORM_ERROR);
  const platformError = body || `HTTP ${response.status}`;
  const explained = call.explain?.(response.status, body);
  if (response.status === 401) {
    throw new ChannelAuthError(
      explained ?? `${label} no longer accepts this channel's authorization. Reconnect the channel.`,
      platformError,
    );
  }
  if (call.createsPost && response.status >= 500 && response.status !== 503)
    throw mayHavePosted(label, `HTTP ${response.status}`, platformError);
  if (response.status === 429 || response.status >= 500) {
    const what = response.status === 429 ? 'is limiting how fast Hookline may post' : `had a problem (HTTP ${response.status})`;
    throw new PublishError(explained ?? `${label} ${what}. Hookline will try again.`, true, retryAfterMs(response.headers), platformError);
  }
  throw new PublishError(explained ?? `${label} refused the request (HTTP ${response.status}).`, false, undefined, platformError);
}

/** A success answer's JSON body; one that cannot be read is a final failure (the network may have taken the post). */
export async function readJson<T>(response: Response, label: string): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new PublishError(`${label} answered something Hookline could not read.`, false, undefined, text.slice(0, MAX_PLATFORM_ERROR));
  }
}
