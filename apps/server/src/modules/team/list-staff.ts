import type { TStaffMember } from '@hookline/shared';
import { STAFF_ROLES } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { setUserRole } from '../users/set-user-role.ts';

export async function listStaff(db: Db): Promise<TStaffMember[]> {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'name', 'role'])
    .where('role', 'in', [...STAFF_ROLES])
    .orderBy('email')
    .execute();
}

/** Founders grant or revoke manager and admin; founders themselves come from FOUNDER_EMAIL only. */
export async function setStaffRole(db: Db, userId: string, role: 'client' | 'manager' | 'admin'): Promise<TStaffMember> {
  const user = await db.selectFrom('user').select(['id', 'email', 'name', 'role']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'Account not found');
  if (user.role === 'founder') throw new HttpError(409, 'Founders are set by FOUNDER_EMAIL and cannot be changed here.');
  // The CLI's path too: staff lose an empty client workspace, former staff their assignments.
  await setUserRole(db, user.email, role);
  return { ...user, role };
}
