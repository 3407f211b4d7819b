import type { ChannelProvider } from './channel-providers.ts';

export interface ChannelProfile {
  /** The provider's stable id of the account (YouTube channel id, OpenID sub). */
  accountId: string;
  /** What the dashboard shows: @customUrl or title of a YouTube channel, a LinkedIn name. */
  handle: string;
}

const PROFILE_TIMEOUT_MS = 10_000;
const MAX_HANDLE = 200;

/** A failure meant for the user (shown on the settings page). */
export class ChannelProfileError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Tolerant on purpose: the YouTube channels list ({ items: [{ id, snippet: { customUrl, title } }] })
 * and OpenID userinfo ({ sub, name, email, preferred_username }: LinkedIn, and the test server).
 * Null when neither shape is there.
 */
export function parseChannelProfile(body: unknown): ChannelProfile | null {
  if (!isRecord(body)) return null;
  if (Array.isArray(body.items)) {
    const item: unknown = body.items[0];
    if (!isRecord(item)) return null;
    const snippet = isRecord(item.snippet) ? item.snippet : {};
    const accountId = text(item.id) ?? text(body.sub);
    const handle = text(snippet.customUrl) ?? text(snippet.title) ?? accountId;
    return accountId && handle ? { accountId, handle: handle.slice(0, MAX_HANDLE) } : null;
  }
  const sub = text(body.sub);
  if (!sub) return null;
  const handle = text(body.name) ?? text(body.email) ?? text(body.preferred_username) ?? sub;
  return { accountId: sub, handle: handle.slice(0, MAX_HANDLE) };
}

/** The account behind an access token, from the provider's profile URL. */
export async function fetchChannelProfile(provider: ChannelProvider, accessToken: string): Promise<ChannelProfile> {
  let response: Response;
  try {
    response = await fetch(provider.profileUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
    });
  } catch {
    throw new ChannelProfileError(`Could not reach ${provider.label} to read your channel. Please try again.`);
  }
  if (!response.ok) throw new ChannelProfileError(`${provider.label} did not share your channel details (HTTP ${response.status}).`);
  const body: unknown = await response.json().catch(() => undefined);
  const profile = parseChannelProfile(body);
  if (!profile) {
    const empty = isRecord(body) && Array.isArray(body.items) && body.items.length === 0;
    throw new ChannelProfileError(
      empty
        ? `This ${provider.id === 'google' ? 'Google account has no YouTube channel' : 'account has no channel'}. Create one, then connect again.`
        : `${provider.label} answered with channel details we could not read.`,
    );
  }
  return profile;
}
