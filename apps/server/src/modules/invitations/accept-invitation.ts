import { AsyncLocalStorage } from 'node:async_hooks';
import type { TAcceptInvitationRequest } from '@hookline/shared';
import { isAPIError } from 'better-auth/api';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Auth } from '../../plugins/auth.ts';
import { addMember } from '../members/add-member.ts';
import { refuseStaffTeammate } from '../members/refuse-staff-teammate.ts';
import { claimInvitation, findUsableInvitation } from './find-invitation.ts';

/** The address whose invitation is being accepted, for the length of acceptInvitation's sign-up call only. */
const accepting = new AsyncLocalStorage<string>();

/**
 * True while acceptInvitation makes the account for this address, after it has checked the mailed
 * token. Better Auth's hooks run inside that call, so they can let this one sign-up through when
 * sign-up is otherwise refused; a request to /api/auth/* never runs inside it.
 */
export function isAcceptingInvitation(email: string): boolean {
  return accepting.getStore() === email.toLowerCase();
}

/**
 * Accepts an invitation: checks the token, makes the account with Better Auth's own sign-up (which
 * also signs the person in) and marks the invitation used; a teammate's invitation also makes the
 * account a member of the workspace, in the invited role. Returns the Set-Cookie values of the new
 * session. The invitation is claimed first, so two submissions of one link cannot both go on, and
 * released again when the sign-up fails (a password the policy refuses, say).
 */
export async function acceptInvitation(
  deps: { db: Db; auth: Auth; passwordMinLength: number; founders: readonly string[] },
  input: Required<TAcceptInvitationRequest>,
  headers: Headers,
): Promise<{ email: string; workspaceId: string; cookies: string[] }> {
  const invitation = await findUsableInvitation(deps.db, input.token);
  // A teammate's invitation to an address with an account is joined by signing in with that account.
  if (invitation.accountExists) throw new HttpError(409, `An account for ${invitation.email} already exists. Sign in with it to join.`);
  // The account it would make is a founder's when FOUNDER_EMAIL names the address: refused before it is made.
  if (invitation.role !== 'owner') refuseStaffTeammate(invitation.email, undefined, deps.founders);
  await claimInvitation(deps.db, invitation);
  let cookies: string[];
  try {
    const { headers: answer } = await accepting.run(invitation.email, () =>
      deps.auth.api.signUpEmail({
        body: { email: invitation.email, password: input.password, name: input.name },
        headers,
        returnHeaders: true,
      }),
    );
    cookies = answer.getSetCookie();
  } catch (error) {
    await deps.db.updateTable('invitation').set({ acceptedAt: null }).where('id', '=', invitation.id).execute();
    throw signUpFailure(error, invitation.email, deps.passwordMinLength);
  }
  if (invitation.role !== 'owner') {
    // The account exists only now: Better Auth made it (and its sign-up left it no workspace of its own).
    const account = await deps.db.selectFrom('user').select('id').where('email', '=', invitation.email).executeTakeFirstOrThrow();
    const member = { workspaceId: invitation.workspaceId, userId: account.id, email: invitation.email, role: invitation.role };
    await deps.db.transaction().execute((trx) => addMember(trx, member));
  }
  return { email: invitation.email, workspaceId: invitation.workspaceId, cookies };
}

/** Better Auth's refusals in the words of this API; anything else is passed on as it is. */
function signUpFailure(error: unknown, email: string, passwordMinLength: number): unknown {
  if (!isAPIError(error)) return error;
  const code = (error.body as { code?: string } | undefined)?.code;
  if (code === 'PASSWORD_TOO_SHORT') return new HttpError(400, `password: must be at least ${passwordMinLength} characters`);
  if (code === 'PASSWORD_TOO_LONG') return new HttpError(400, 'password: must be at most 128 characters');
  if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return new HttpError(409, `An account for ${email} already exists. Sign in with it instead.`);
  }
  return error.statusCode < 500 ? new HttpError(error.statusCode, error.message) : error;
}
