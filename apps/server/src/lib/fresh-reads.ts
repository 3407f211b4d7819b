import type { FastifyReply } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { changeStampOf } from './change-stamp.ts';

export interface FreshReads {
  /**
   * Answers the route with `read()`'s result, serialized by the route's response schema, or with
   * the body kept from the last identical read (same `key`) when the database has not changed since.
   * The key must hold everything else the answer depends on (route, query, the user where it is theirs).
   */
  send(reply: FastifyReply, key: string, read: () => Promise<unknown>): Promise<FastifyReply>;
}

/**
 * Serialized answers of list reads, kept while DatabaseHandle.changeStamp() stays the same: a hit is
 * byte for byte what the route would answer now, so staff and clients never see a stale list, and any
 * committed write (by this process or another) turns every entry into a miss (ADR 048). Without a
 * stamp (PostgreSQL) or with maxBytes 0, every read runs.
 */
/** maxBytes counts the JSON's characters: about its bytes, as answers are mostly ASCII. */
export function createFreshReads(database: DatabaseHandle, maxBytes: number): FreshReads {
  const entries = new Map<string, string>();
  let entriesStamp: string | null = null;
  let bytes = 0;
  const sendJson = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);
  const keep = (stamp: string, key: string, body: string) => {
    if (stamp !== entriesStamp) {
      // Entries of an older stamp can never be hit again.
      entries.clear();
      bytes = 0;
      entriesStamp = stamp;
    }
    if (body.length > maxBytes) return;
    for (const [oldKey, oldBody] of entries) {
      if (bytes + body.length <= maxBytes) break;
      entries.delete(oldKey);
      bytes -= oldBody.length;
    }
    bytes += body.length - (entries.get(key)?.length ?? 0);
    entries.set(key, body);
  };
  return {
    async send(reply, key, read) {
      // Read before the query (or earlier in the request): a change committed meanwhile leaves the entry under an older stamp, never hit.
      const stamp = maxBytes > 0 ? changeStampOf(reply.request, database) : null;
      if (stamp !== null && stamp === entriesStamp) {
        const body = entries.get(key);
        if (body !== undefined) return sendJson(reply, body);
      }
      const body = String(reply.serialize(await read()));
      if (stamp !== null) keep(stamp, key, body);
      return sendJson(reply, body);
    },
  };
}
