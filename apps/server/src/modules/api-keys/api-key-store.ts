import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { API_KEY_PREFIX, type TApiKey, type TCreatedApiKey } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import type { ApiKeyTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
// The same scheme as invitation tokens: 256 random bits, stored as a plain SHA-256.
import { hashInvitationToken } from '../invitations/create-invitation.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';

export const API_KEY_NOT_FOUND = 'API key not found';
/** Enough of the key to tell keys apart in a list (48 random bits after the prefix), far too little to use. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 8;

export const hashApiKey = hashInvitationToken;

function toApiKey(row: Selectable<ApiKeyTable>): TApiKey {
  return { id: row.id, name: row.name, prefix: row.prefix, createdBy: row.createdBy, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

/** The workspace's keys that work (revoked ones are gone from the list), newest first. */
export async function listApiKeys(db: Db, workspaceId: string): Promise<TApiKey[]> {
  const rows = await db
    .selectFrom('apiKey')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toApiKey);
}

/**
 * Makes a key for the workspace and answers it with the key itself, which nothing else will ever
 * hold again (only its SHA-256 is stored). A key opens the workspace to whoever has it, so its
 * making goes on the client's timeline whoever made it, owner or staff, in the same transaction.
 */
/** Keys one workspace may hold at once. */
export const MAX_ACTIVE_API_KEYS = 20;

export async function createApiKey(db: Db, input: { workspaceId: string; name: string; who: string }): Promise<TCreatedApiKey> {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const row: Selectable<ApiKeyTable> = {
    id: newId(),
    workspaceId: input.workspaceId,
    name: input.name,
    tokenHash: hashApiKey(key),
    prefix: key.slice(0, SHOWN_CHARS),
    createdBy: input.who,
    createdAt: nowIso(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await db.transaction().execute(async (trx) => {
    // Each key has its own rate limit: an unbounded number of keys would be an unbounded limit.
    const { count } = await trx
      .selectFrom('apiKey')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('workspaceId', '=', input.workspaceId)
      .where('revokedAt', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ACTIVE_API_KEYS) {
      throw new HttpError(409, `A workspace can have at most ${MAX_ACTIVE_API_KEYS} API keys. Revoke one you no longer use first.`);
    }
    await trx.insertInto('apiKey').values(row).execute();
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: input.workspaceId,
      text: `API key created: “${row.name}” (${row.prefix}…)`,
      who: input.who,
      ts: row.createdAt,
    });
  });
  return { ...toApiKey(row), key };
}

/** Revokes a key of the workspace (404 for another's, or one already revoked); the next request with it gets 401. */
export async function revokeApiKey(db: Db, input: { workspaceId: string; id: string; who: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const revoked = await trx
      .updateTable('apiKey')
      .set({ revokedAt: now })
      .where('id', '=', input.id)
      .where('workspaceId', '=', input.workspaceId)
      .where('revokedAt', 'is', null)
      .returning(['name', 'prefix'])
      .executeTakeFirst();
    if (!revoked) throw new HttpError(404, API_KEY_NOT_FOUND);
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: input.workspaceId,
      text: `API key revoked: “${revoked.name}” (${revoked.prefix}…)`,
      who: input.who,
      ts: now,
    });
  });
}
