import { HttpError } from '../../lib/http-error.ts';
import { isStaffAddressWithRole } from '../users/is-staff-address.ts';

/**
 * Refuses (409) to make a staff address a teammate, when it is invited and again when it accepts
 * (an invitation may be older than the staff role): staff open a client's workspace from the admin
 * console, as staff. The address is staff's when its account has a staff role, or when
 * FOUNDER_EMAIL names it: the account is a founder's the moment it is made, so one made by
 * accepting the invitation would be staff and a member at once.
 */
export function refuseStaffTeammate(email: string, role: string | null | undefined, founders: readonly string[]): void {
  if (!isStaffAddressWithRole(email, role, founders)) return;
  throw new HttpError(
    409,
    `${email} is a Hookline staff account: staff open a client's workspace from the admin console, not as a teammate.`,
  );
}
