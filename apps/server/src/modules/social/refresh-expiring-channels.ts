import { DEMO_ACCOUNT_ID } from './list-social-connections.ts';
import { renewChannelTokens, type ChannelDeps } from './renew-channel-tokens.ts';

/** Access tokens are renewed this long before they expire, so no post meets an expired one. */
export const RENEW_AHEAD_MS = 15 * 60_000;
/** The longest any network asks to renew ahead (Instagram's 60-day tokens, a week before). */
const LONGEST_AHEAD_MS = 7 * 24 * 60 * 60_000;
const BATCH = 50;

/**
 * The refresh job's pass: renews the tokens of connected channels about to expire (each network's
 * own lead time, else RENEW_AHEAD_MS). A refusal marks the channel "Re-auth needed" and mails its
 * owner; an unreachable network is tried again at the next pass. Answers how many it renewed.
 */
export async function refreshExpiringChannels(deps: ChannelDeps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .selectFrom('socialConnection')
    .selectAll()
    .where('status', '=', 'connected')
    .where('expiresAt', 'is not', null)
    .where('expiresAt', '<', new Date(now.getTime() + LONGEST_AHEAD_MS).toISOString())
    .where('accountId', '!=', DEMO_ACCOUNT_ID)
    .orderBy('expiresAt')
    .limit(BATCH)
    .execute();
  let renewed = 0;
  for (const row of rows) {
    const ahead = deps.adapters[row.provider as keyof ChannelDeps['adapters']]?.renewAheadMs ?? RENEW_AHEAD_MS;
    if (Date.parse(row.expiresAt!) - now.getTime() > ahead) continue;
    const outcome = await renewChannelTokens(deps, row);
    if (outcome.ok) renewed += 1;
    else deps.log.warn({ connectionId: row.id, kind: outcome.kind }, `channel renewal failed: ${outcome.message}`);
  }
  return renewed;
}
