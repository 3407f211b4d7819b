import { isStaffRole } from '@hookline/shared';
import type { Db } from '../../db/database.ts';

/**
 * Whether an address is Hookline staff's: its account has a staff role, or FOUNDER_EMAIL names it
 * (an account made for that address is a founder's from its first moment). Given the account's role
 * when the caller already has it.
 */
export function isStaffAddressWithRole(email: string, role: string | null | undefined, founders: readonly string[]): boolean {
  return isStaffRole(role) || founders.includes(email.toLowerCase());
}

/** The same, looking the account up. */
export async function isStaffAddress(db: Db, email: string, founders: readonly string[]): Promise<boolean> {
  const account = await db.selectFrom('user').select('role').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return isStaffAddressWithRole(email, account?.role, founders);
}
