import { ChannelAuthError, PublishError } from '../publishing/channel-publisher.ts';
import type { ChannelAccount } from '../networks/network-adapter.ts';
import type { SocialConnectionRow } from './list-social-connections.ts';
import { renewChannelTokens, type ChannelDeps } from './renew-channel-tokens.ts';
import { ACCESS_TOKEN_CONTEXT } from './seal-tokens.ts';

/** A token this close to expiring is renewed before it is used: an upload may take minutes. */
export const RENEW_BEFORE_MS = 10 * 60_000;

/**
 * The channel's account with an access token valid now, renewed first when it is about to expire.
 * A channel the network no longer accepts is a ChannelAuthError (it is marked "Re-auth needed"); a
 * network that cannot be reached for the renewal is a temporary PublishError.
 */
export async function openChannelAccount(deps: ChannelDeps, row: SocialConnectionRow, now = new Date()): Promise<ChannelAccount> {
  let current = row;
  if (current.status === 'needs_reauth') {
    throw new ChannelAuthError(current.lastError ?? 'The channel needs reconnecting. Reconnect it in Settings, then try again.');
  }
  if (current.expiresAt && Date.parse(current.expiresAt) - now.getTime() < RENEW_BEFORE_MS) {
    const outcome = await renewChannelTokens(deps, current);
    if (!outcome.ok) {
      if (outcome.kind === 'rejected') throw new ChannelAuthError(outcome.message);
      throw new PublishError(outcome.message, true);
    }
    current = outcome.row;
  }
  return {
    accessToken: deps.box.open(current.accessToken, ACCESS_TOKEN_CONTEXT),
    accountId: current.accountId,
    handle: current.handle,
    instanceUrl: current.instanceUrl,
  };
}
