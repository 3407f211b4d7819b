import { API_KEY_PREFIX } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashApiKey } from './api-key-store.ts';

/** Who a request made with an API key acts as: the key, in the one workspace it belongs to. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  prefix: string;
  workspaceId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set instead of `user` on a route that accepts API keys, when the request carried one. */
    apiKey?: ApiKeyCaller;
  }
}

export const API_KEY_NOT_VALID = 'This API key is not valid or was revoked.';
export const API_KEY_ROUTES_ONLY =
  'API keys work only on the draft routes marked for them in the API documentation (/api/docs). Sign in to use this route.';

/** lastUsedAt is refreshed at most this often, so a busy script does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The API key in `Authorization: Bearer hlk_…`, or null: no such header, or another bearer (a
 * session token, which Better Auth reads itself).
 */
export function bearerApiKeyOf(headers: { authorization?: string }): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}

/**
 * The key's caller, read on every request so a revoked key stops at once (401 for an unknown or
 * revoked key). Marks the key used when it was last marked a minute ago or more.
 */
export async function authenticateApiKey(db: Db, key: string, now = new Date()): Promise<ApiKeyCaller> {
  const row = await db
    .selectFrom('apiKey')
    .select(['id', 'name', 'prefix', 'workspaceId', 'lastUsedAt'])
    .where('tokenHash', '=', hashApiKey(key))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpError(401, API_KEY_NOT_VALID);
  const stale = new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString();
  if (row.lastUsedAt === null || row.lastUsedAt <= stale) {
    // Guarded by the same condition: of concurrent requests, one writes.
    await db
      .updateTable('apiKey')
      .set({ lastUsedAt: now.toISOString() })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<=', stale)]))
      .execute();
  }
  return { id: row.id, name: row.name, prefix: row.prefix, workspaceId: row.workspaceId };
}
