import { z } from 'zod';

export const ROLES = ['client', 'manager', 'admin', 'founder'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const STAFF_ROLES: readonly TRole[] = ['manager', 'admin', 'founder'];

export function isStaffRole(role: string | null | undefined): boolean {
  return STAFF_ROLES.includes(role as TRole);
}
