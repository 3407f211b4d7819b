export const ROLES = ['client', 'manager', 'admin', 'founder'] as const;
export type TRole = (typeof ROLES)[number];

export const STAFF_ROLES: readonly TRole[] = ['manager', 'admin', 'founder'];

export function isStaffRole(role: string | null | undefined): boolean {
  return STAFF_ROLES.includes(role as TRole);
}

/** Admins and founders see every client and assign managers to them; a manager works on the clients assigned to them. */
export const ALL_CLIENTS_ROLES: readonly TRole[] = ['admin', 'founder'];

export function seesAllClients(role: string | null | undefined): boolean {
  return ALL_CLIENTS_ROLES.includes(role as TRole);
}
