import { PUBLISHED_IN_HOOKLINE } from '@hookline/shared';
import { isSocialProvider } from '../social/channel-providers.ts';
import { openChannelAccount } from '../social/open-channel-account.ts';
import type { ChannelDeps } from '../social/renew-channel-tokens.ts';

/** Networks report a post's figures for this long after it went out; Hookline reads them that long. */
export const METRICS_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** How often one post's figures are read again. */
export const METRICS_EVERY_MS = 60 * 60_000;
const BATCH = 100;

/**
 * The metrics job's pass: reads the figures of posts published to a network in the last 30 days
 * whose figures are older than an hour. Each post is claimed by moving its metricsAt first, so two
 * runners never read the same post; a read that fails is tried again an hour later. Answers how
 * many posts it updated.
 */
export async function fetchPostMetrics(deps: ChannelDeps, now = new Date()): Promise<number> {
  const stale = new Date(now.getTime() - METRICS_EVERY_MS).toISOString();
  const posts = await deps.db
    .selectFrom('draft')
    .innerJoin('socialConnection', 'socialConnection.id', 'draft.connectionId')
    .selectAll('socialConnection')
    .select(['draft.id as draftId', 'draft.externalId', 'draft.metricsAt'])
    .where('draft.status', '=', 'published')
    .where('draft.publishedTo', '!=', PUBLISHED_IN_HOOKLINE)
    .where('draft.externalId', 'is not', null)
    .where('draft.publishedAt', '>=', new Date(now.getTime() - METRICS_WINDOW_MS).toISOString())
    .where((eb) => eb.or([eb('draft.metricsAt', 'is', null), eb('draft.metricsAt', '<', stale)]))
    // Found from the connected accounts through draft (connectionId, status, publishedAt), so only
    // their posts are read, not every post published in the 30 days.
    .where('draft.connectionId', 'in', deps.db.selectFrom('socialConnection').select('id').where('status', '=', 'connected'))
    .orderBy('draft.metricsAt')
    .limit(BATCH)
    .execute();
  let updated = 0;
  for (const { draftId, externalId, metricsAt, ...connection } of posts) {
    const adapter = isSocialProvider(connection.provider) ? deps.adapters[connection.provider] : undefined;
    if (!adapter) continue;
    const claimed = await deps.db
      .updateTable('draft')
      .set({ metricsAt: now.toISOString() })
      .where('id', '=', draftId)
      .where((eb) => (metricsAt === null ? eb('metricsAt', 'is', null) : eb('metricsAt', '=', metricsAt)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    try {
      const account = await openChannelAccount(deps, { ...connection, id: connection.id });
      const metrics = await adapter.fetchMetrics(account, externalId!, { signal: AbortSignal.timeout(30_000) });
      await deps.db
        .updateTable('draft')
        .set({ metrics: JSON.stringify(metrics) })
        .where('id', '=', draftId)
        .execute();
      updated += 1;
    } catch (error) {
      deps.log.warn({ err: error, draftId }, 'reading post metrics failed; trying again later');
    }
  }
  return updated;
}
