import { PROVIDER_CHANNELS, SOCIAL_PROVIDERS } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { DraftRow } from '../drafts/draft-row.ts';
import { DEMO_ACCOUNT_ID, type SocialConnectionRow } from './list-social-connections.ts';

/**
 * The connected account a draft goes to: the one it names (none, when that one was removed: the
 * post must not go out on another account), or else the workspace's first account of its channel
 * (demo channels have no account behind them and are left out).
 */
export async function findDraftConnection(
  db: Db,
  draft: Pick<DraftRow, 'workspaceId' | 'channel' | 'connectionId'>,
): Promise<SocialConnectionRow | undefined> {
  const providers = SOCIAL_PROVIDERS.filter((provider) => PROVIDER_CHANNELS[provider] === draft.channel);
  const ofChannel = db
    .selectFrom('socialConnection')
    .selectAll()
    .where('workspaceId', '=', draft.workspaceId)
    .where('provider', 'in', providers)
    .where('accountId', '!=', DEMO_ACCOUNT_ID);
  if (draft.connectionId) return ofChannel.where('id', '=', draft.connectionId).executeTakeFirst();
  return ofChannel.orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst();
}
