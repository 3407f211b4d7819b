import type { TProfile, TUpdateProfileRequest } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';

export async function getProfile(db: Db, userId: string): Promise<TProfile> {
  const user = await db.selectFrom('user').select(['id', 'email', 'name', 'image', 'role']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'Account not found');
  return { uid: user.id, email: user.email, displayName: user.name || null, photoURL: user.image, role: user.role };
}

/** Null clears a value (the profile dialog sends an emptied display name or photo URL as null). */
export async function updateProfile(db: Db, userId: string, input: TUpdateProfileRequest): Promise<TProfile> {
  await db
    .updateTable('user')
    .set({ name: input.displayName ?? '', image: input.photoURL, updatedAt: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
  return getProfile(db, userId);
}
