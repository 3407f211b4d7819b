import type { TAdminChannel } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { withinClientScope, type ClientScope } from '../clients/client-scope.ts';
import { isSocialProvider } from './channel-providers.ts';
import { toSocialConnection } from './list-social-connections.ts';

/** The staff view is one page: an agency has a few channels per client. */
const MAX_CHANNELS = 2000;

/**
 * Channel health across the clients a staff member sees (a manager: their assigned clients):
 * channels that need reconnecting first, then by client and channel.
 */
export async function listAdminChannels(db: Db, scope: ClientScope): Promise<TAdminChannel[]> {
  const rows = await db
    .selectFrom('socialConnection')
    .innerJoin('workspace', 'workspace.id', 'socialConnection.workspaceId')
    .selectAll('socialConnection')
    .select('workspace.name as workspaceName')
    .$call(withinClientScope(scope, 'socialConnection.workspaceId'))
    .orderBy((eb) => eb.case().when('socialConnection.status', '=', 'connected').then(1).else(0).end())
    .orderBy('workspace.name')
    .orderBy('socialConnection.provider')
    .orderBy('socialConnection.handle')
    .limit(MAX_CHANNELS)
    .execute();
  return rows
    .filter((row) => isSocialProvider(row.provider))
    .map(({ workspaceName, ...row }) => ({
      ...toSocialConnection(row),
      workspaceId: row.workspaceId,
      workspaceName,
      expiresAt: row.expiresAt,
    }));
}
