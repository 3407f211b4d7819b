import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

/** The workspace owned by this email, created (active) when there is none. Safe under concurrent calls. */
export async function ensureWorkspace(
  db: Db,
  input: { ownerEmail: string; name: string; now: string; ownerUserId: string | null },
): Promise<{ id: string; created: boolean }> {
  const id = newId();
  const inserted = await db
    .insertInto('workspace')
    .values({
      id,
      name: input.name,
      ownerEmail: input.ownerEmail,
      ownerUserId: input.ownerUserId,
      status: 'active',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflict((oc) => oc.column('ownerEmail').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db.selectFrom('workspace').select('id').where('ownerEmail', '=', input.ownerEmail).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}
