import { ADDRESS_PROOF_NEEDED, CADENCES, isStaffRole, type TWorkspace, type TWorkspaceAccess } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { findFirstMembership, isTeammateAccount } from '../members/find-membership.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { ensureWorkspace } from './ensure-workspace.ts';

export const STAFF_HAVE_NO_WORKSPACE = 'Staff accounts have no client workspace. Use the admin console.';
// The dashboard tells this refusal from the others by its text, so the words live in @hookline/shared.
export { ADDRESS_PROOF_NEEDED };

export const NO_MEMBERSHIP =
  'This account is not a member of any workspace now. To join one, open the link in its invitation mail, or ask its owner for a new one.';

type Owner = Pick<SessionUser, 'id' | 'email' | 'name' | 'emailVerified'>;

/**
 * The workspace a signed-in client works in when the request names none: the one their email owns,
 * once their account is its owner. Self-serve sign-up with a fresh address makes it at once; a
 * workspace made earlier for the address (by the questionnaire or by staff) is joined only with the
 * address proven. A teammate who owns none works in the workspace they joined first.
 */
export async function workspaceOfUser(db: Db, user: Owner & Pick<SessionUser, 'role'>): Promise<TWorkspace> {
  const ownerEmail = user.email.toLowerCase();
  // One indexed read in the common case (every dashboard request); writes only for a first visit.
  const own = await readWorkspace(db, { ownerEmail });
  if (own?.ownerUserId === user.id) return own.workspace;
  // Staff are not clients: no workspace is made for them (it would show up as a client and in MRR).
  if (isStaffRole(user.role)) throw new HttpError(403, STAFF_HAVE_NO_WORKSPACE);
  // A teammate without a workspace of their own: read before anything is settled, so it costs no writes.
  if (!own) {
    const teammate = await openFirstMembership(db, user.id);
    if (teammate) return teammate;
  }
  const settled = await joinOrCreateWorkspace(db, user);
  if (settled === 'waiting' || settled === 'teammate') {
    // Their own workspace waits for the address proof; meanwhile they work where they are a teammate.
    const teammate = own ? await openFirstMembership(db, user.id) : undefined;
    if (teammate) return teammate;
    if (settled === 'waiting') throw new HttpError(403, ADDRESS_PROOF_NEEDED);
    // A teammate with no workspace left: as for a workspace removed (404), not a proof to wait for (403).
    throw new HttpError(404, NO_MEMBERSHIP);
  }
  const joined = await readWorkspace(db, { ownerEmail });
  if (!joined) throw new Error(`workspace of ${ownerEmail} missing right after it was ensured`);
  return joined.workspace;
}

/** The workspace an account joined first as a teammate, with its role there as the access. */
async function openFirstMembership(db: Db, userId: string): Promise<TWorkspace | undefined> {
  const membership = await findFirstMembership(db, userId);
  if (!membership) return undefined;
  return (await readWorkspace(db, { id: membership.workspaceId }, membership.role))?.workspace;
}

/**
 * Settles a client account's workspace: made for a fresh address ('created'), already its own
 * ('owner'), joined because the address is proven (by a password reset mailed to it, an
 * invitation, or Google or Apple vouching: 'joined'), or left waiting for that proof ('waiting').
 * A claim by any other means — a sign-up form anyone can fill in with the address — joins nothing.
 * A teammate's account gets none made ('teammate'; see isTeammateAccount), though one made earlier
 * for its address is joined as for anyone.
 */
export async function joinOrCreateWorkspace(db: Db, user: Owner): Promise<'created' | 'owner' | 'joined' | 'waiting' | 'teammate'> {
  const ownerEmail = user.email.toLowerCase();
  const now = nowIso();
  let workspaceId: string;
  if (await isTeammateAccount(db, user)) {
    const existing = await db.selectFrom('workspace').select('id').where('ownerEmail', '=', ownerEmail).executeTakeFirst();
    if (!existing) return 'teammate';
    workspaceId = existing.id;
  } else {
    const ensured = await ensureWorkspace(db, { ownerEmail, name: user.name || user.email, now, ownerUserId: user.id });
    if (ensured.created) return 'created';
    workspaceId = ensured.id;
  }
  const current = await db.selectFrom('workspace').select('ownerUserId').where('id', '=', workspaceId).executeTakeFirstOrThrow();
  if (current.ownerUserId === user.id) return 'owner';
  if (!user.emailVerified) return 'waiting';
  // Only a workspace without a living owner account is taken over (one whose owner was deleted).
  const joined = await db
    .updateTable('workspace')
    .set({ ownerUserId: user.id, updatedAt: now })
    .where('id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        eb('ownerUserId', 'is', null),
        eb.not(eb.exists(eb.selectFrom('user').select('user.id').whereRef('user.id', '=', 'workspace.ownerUserId'))),
      ]),
    )
    .executeTakeFirst();
  if (Number(joined.numUpdatedRows) === 0) return 'waiting';
  await addTimelineEntry(db, {
    subjectType: 'client',
    subjectId: workspaceId,
    text: 'Owner account joined the workspace (email address confirmed)',
    who: ownerEmail,
    ts: now,
  });
  return 'joined';
}

/** Whether only approved drafts may be published: unchosen, it follows the plan (a managed or enterprise client signs off on what is made for them). */
export function approvalRequired(row: { requireApproval: number | null; plan: string }): boolean {
  return row.requireApproval === null ? row.plan !== 'self_serve' : Boolean(row.requireApproval);
}

/** A workspace by its owner's email or by id, as the dashboard sees it with the caller's access, and its owner account. */
export async function readWorkspace(
  db: Db,
  by: { ownerEmail: string } | { id: string },
  access: TWorkspaceAccess = 'owner',
): Promise<{ workspace: TWorkspace; ownerUserId: string | null } | undefined> {
  const row = await db
    .selectFrom('workspace')
    .select(['id', 'name', 'ownerEmail', 'ownerUserId', 'plan', 'status', 'timeZone', 'cadence', 'requireApproval', 'holdLateMinutes'])
    .$call((query) => ('id' in by ? query.where('id', '=', by.id) : query.where('ownerEmail', '=', by.ownerEmail)))
    .executeTakeFirst();
  if (!row) return undefined;
  const cadence = (CADENCES as readonly string[]).includes(row.cadence ?? '') ? (row.cadence as TWorkspace['cadence']) : 'Daily';
  return {
    workspace: {
      id: row.id,
      name: row.name,
      owner: row.ownerEmail,
      plan: row.plan,
      status: row.status,
      timeZone: row.timeZone,
      cadence,
      access,
      requireApproval: approvalRequired(row),
      holdLateMinutes: row.holdLateMinutes,
    },
    ownerUserId: row.ownerUserId,
  };
}

/** Whether a workspace made for this account's address waits for the account to prove the address. */
export async function awaitsAddressProof(db: Db, user: Pick<Owner, 'id' | 'email' | 'emailVerified'>): Promise<boolean> {
  if (user.emailVerified) return false;
  const waiting = await db
    .selectFrom('workspace')
    .select('ownerUserId')
    .where('ownerEmail', '=', user.email.toLowerCase())
    .executeTakeFirst();
  return waiting !== undefined && waiting.ownerUserId !== user.id;
}
