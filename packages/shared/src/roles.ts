export const ROLES = ['client', 'manager', 'admin', 'founder'] as const;
export type TRole = (typeof ROLES)[number];

export const STAFF_ROLES: readonly TRole[] = ['manager', 'admin', 'founder'];

export function isStaffRole(role: string | null | undefined): boolean {
  return STAFF_ROLES.includes(role as TRole);
}
