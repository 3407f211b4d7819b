import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { SealedTokens } from './seal-tokens.ts';

/**
 * Stores a freshly authorized channel as connected. Connecting the same account again (a reconnect
 * after 'Re-auth needed') updates the existing row: same id, new tokens, error cleared; a refresh
 * token is kept when the provider sent no new one.
 */
export async function upsertSocialConnection(
  db: Db,
  input: { workspaceId: string; provider: string; accountId: string; handle: string; instanceUrl: string | null; tokens: SealedTokens },
): Promise<string> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('socialConnection')
    .values({
      id: newId(),
      workspaceId: input.workspaceId,
      provider: input.provider,
      accountId: input.accountId,
      handle: input.handle,
      instanceUrl: input.instanceUrl,
      ...input.tokens,
      status: 'connected',
      lastError: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) =>
      oc.columns(['workspaceId', 'provider', 'accountId']).doUpdateSet((eb) => ({
        handle: eb.ref('excluded.handle'),
        // An account that moved to another server (a Bluesky DID keeps its id) posts there from now on.
        instanceUrl: eb.ref('excluded.instanceUrl'),
        accessToken: eb.ref('excluded.accessToken'),
        refreshToken: eb.fn.coalesce(eb.ref('excluded.refreshToken'), eb.ref('socialConnection.refreshToken')),
        expiresAt: eb.ref('excluded.expiresAt'),
        scope: eb.ref('excluded.scope'),
        status: eb.ref('excluded.status'),
        lastError: null,
        reauthMailedAt: null,
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
