import { SOCIAL_CONNECTION_STATUSES, type TSocialConnection, type TSocialConnectionStatus } from '@hookline/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SocialConnectionTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isSocialProvider } from './channel-providers.ts';

export type SocialConnectionRow = Selectable<SocialConnectionTable>;

/** The accountId of the channel `npm run demo` seeds, which no provider gives: no account and no tokens are behind it. */
export const DEMO_ACCOUNT_ID = 'hookline-demo';

/** What the browser may see of a connection: never its tokens. */
export function toSocialConnection(row: SocialConnectionRow): TSocialConnection {
  const status = (SOCIAL_CONNECTION_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as TSocialConnectionStatus)
    : 'disconnected';
  return {
    id: row.id,
    provider: isSocialProvider(row.provider) ? row.provider : 'google',
    handle: row.handle,
    instanceUrl: row.instanceUrl,
    status,
    connectedAt: row.createdAt,
    lastError: row.lastError,
    demo: row.accountId === DEMO_ACCOUNT_ID,
  };
}

/** The workspace's connections, oldest first (rows of providers we no longer know are left out). */
export async function listSocialConnections(db: Db, workspaceId: string): Promise<TSocialConnection[]> {
  const rows = await db
    .selectFrom('socialConnection')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.filter((row) => isSocialProvider(row.provider)).map(toSocialConnection);
}

/** One connection of this workspace; another workspace's id is as unknown as a made-up one (404). */
export async function findSocialConnection(db: Db, workspaceId: string, id: string): Promise<SocialConnectionRow> {
  const row = await db
    .selectFrom('socialConnection')
    .selectAll()
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'Channel connection not found');
  return row;
}
