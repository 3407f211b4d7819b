import { DEMO_ACCOUNT_ID } from './list-social-connections.ts';
import { renewChannelTokens, type ChannelDeps } from './renew-channel-tokens.ts';

/** Access tokens are renewed this long before they expire, so no post meets an expired one. */
export const RENEW_AHEAD_MS = 15 * 60_000;
const BATCH = 50;

/**
 * The refresh job's pass: renews the tokens of connected channels about to expire (each network's
 * own lead time, else RENEW_AHEAD_MS). A refusal marks the channel "Re-auth needed" and mails its
 * owner; an unreachable network is tried again at the next pass. Answers how many it renewed.
 */
export async function refreshExpiringChannels(deps: ChannelDeps, now = new Date()): Promise<number> {
  const by = (aheadMs: number) => new Date(now.getTime() + aheadMs).toISOString();
  // Each network's own lead time is in the query, so that many short-lived tokens due first never
  // crowd a long-lived one out of the batch until its last hours.
  const ownLead = Object.values(deps.adapters).flatMap((adapter) =>
    adapter?.renewAheadMs ? [{ provider: adapter.provider, by: by(adapter.renewAheadMs) }] : [],
  );
  const rows = await deps.db
    .selectFrom('socialConnection')
    .selectAll()
    .where('status', '=', 'connected')
    .where('expiresAt', 'is not', null)
    .where('accountId', '!=', DEMO_ACCOUNT_ID)
    .where((eb) =>
      eb.or([
        eb('expiresAt', '<', by(RENEW_AHEAD_MS)),
        ...ownLead.map((lead) => eb.and([eb('provider', '=', lead.provider), eb('expiresAt', '<', lead.by)])),
      ]),
    )
    .orderBy('expiresAt')
    .limit(BATCH)
    .execute();
  let renewed = 0;
  for (const row of rows) {
    const outcome = await renewChannelTokens(deps, row);
    if (outcome.ok) renewed += 1;
    else deps.log.warn({ connectionId: row.id, kind: outcome.kind }, `channel renewal failed: ${outcome.message}`);
  }
  return renewed;
}
