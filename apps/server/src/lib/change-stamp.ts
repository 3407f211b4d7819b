import type { FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';

const stamps = new WeakMap<FastifyRequest, string | null>();

/**
 * DatabaseHandle.changeStamp() as first read for this request, for every check within it (its session,
 * a kept answer): a read takes SQLite's WAL locks, a microsecond or more. Read before any of the
 * request's queries, it is never newer than what they see, so nothing stale is ever kept (ADR 048).
 */
export function changeStampOf(request: FastifyRequest, database: Pick<DatabaseHandle, 'changeStamp'>): string | null {
  let stamp = stamps.get(request);
  if (stamp === undefined) {
    stamp = database.changeStamp();
    stamps.set(request, stamp);
  }
  return stamp;
}
