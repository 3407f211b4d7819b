// The accounts the API benchmark's load signs in with, made through the app's own sign-up (Better
// Auth: a password hash, a session row, the session cookie), and what each of them works on.
import { brandNameOf, MANAGER_COUNT, managerEmail, type SeedTarget } from './api-seed.ts';
import { signUp } from './support/servers.ts';

export const FOUNDER = 'founder@agency.test';
/** Clients who sign in (of the 10,000): as many as the most users at once, so each is a different person. */
const SIGNED_IN_CLIENTS = 64;
const ADMINS = 3;
/** Sign-ups at once: each hashes a password (scrypt), which takes a core for about 100 ms. */
const SIGN_UPS_AT_ONCE = 4;

export interface Account {
  email: string;
  cookie: string;
}

export interface Accounts {
  founder: Account;
  clients: Account[];
  /** Managers, then admins. */
  staff: Array<Account & { role: 'manager' | 'admin' }>;
}

async function inTurns<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let first = 0; first < items.length; first += SIGN_UPS_AT_ONCE) {
    results.push(...(await Promise.all(items.slice(first, first + SIGN_UPS_AT_ONCE).map(run))));
  }
  return results;
}

/**
 * Signs up the founder (FOUNDER_EMAIL), the clients (each gets a fresh workspace, as a self-serve
 * sign-up does) and the staff, whom the founder then makes managers and admins through the team
 * API (which removes the empty workspace their sign-up made).
 */
export async function signUpAccounts(url: string): Promise<Accounts> {
  const founder = { email: FOUNDER, cookie: await signUp(url, FOUNDER, 'Agency Founder') };
  const clients = await inTurns(
    Array.from({ length: SIGNED_IN_CLIENTS }, (_, i) => brandNameOf(i)),
    async (name) => {
      const email = `${name.toLowerCase().replaceAll(' ', '.')}@example.com`;
      return { email, cookie: await signUp(url, email, name) };
    },
  );
  const staffRoles = [
    ...Array.from({ length: MANAGER_COUNT }, (_, i) => ({ email: managerEmail(i), role: 'manager' as const })),
    ...Array.from({ length: ADMINS }, (_, i) => ({ email: `admin-${i + 1}@agency.test`, role: 'admin' as const })),
  ];
  const staff = await inTurns(staffRoles, async ({ email, role }) => {
    const cookie = await signUp(url, email, email.split('@')[0]);
    const granted = await fetch(`${url}/api/admin/team`, {
      method: 'POST',
      headers: { cookie: founder.cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role }),
    });
    if (granted.status !== 200) throw new Error(`making ${email} ${role} failed: ${granted.status} ${await granted.text()}`);
    return { email, cookie, role };
  });
  return { founder, clients, staff };
}

/** A client's own workspace and drafts: all of them to read, the unpublished ones to edit. */
export interface ClientView {
  account: Account;
  workspaceId: string;
  drafts: string[];
  editable: string[];
}

/** A staff member's clients, their requests and their drafts still being written (a manager's: the assigned ones). */
export interface StaffView {
  account: Account;
  role: 'founder' | 'admin' | 'manager';
  clients: string[];
  requests: string[];
  editable: Array<{ id: string; workspaceId: string }>;
}

/** Reads, once the agency is seeded, what each account works on (a sample, as a person's week would). */
export async function readViews(target: SeedTarget, accounts: Accounts): Promise<{ clients: ClientView[]; staff: StaffView[] }> {
  const clients: ClientView[] = [];
  for (const account of accounts.clients) {
    const [{ id }] = await target.query<{ id: string }>('select id from workspace where "ownerEmail" = ?', [account.email]);
    const drafts = await target.query<{ id: string; status: string }>(
      'select id, status from draft where "workspaceId" = ? order by "createdAt" desc limit 300',
      [id],
    );
    const editable = drafts.filter((d) => d.status === 'draft').map((d) => d.id);
    if (!editable.length) throw new Error(`the seed gave ${account.email} no draft to edit`);
    clients.push({ account, workspaceId: id, drafts: drafts.map((d) => d.id), editable });
  }
  const staff: StaffView[] = [];
  const everyone = [{ ...accounts.founder, role: 'founder' as const }, ...accounts.staff];
  for (const [n, { role, ...account }] of everyone.entries()) {
    // A manager's work is their assigned clients; admins and the founder each look at a different part of all of them.
    const [join, filter, params] =
      role === 'manager'
        ? ['join "workspaceManager" m on m."workspaceId" = x."workspaceId"', 'm.email = ?', [account.email]]
        : ['', '1 = 1', []];
    const offset = role === 'manager' ? 0 : n * 100;
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
    const clientIds = ids(
      await target.query(
        `select x."workspaceId" as id from (select id as "workspaceId" from workspace) x ${join} where ${filter} order by x."workspaceId" limit 100 offset ${offset}`,
        params,
      ),
    );
    const requests = ids(
      await target.query(
        `select x.id from request x ${join} where ${filter} order by x."createdAt" desc limit 200 offset ${offset}`,
        params,
      ),
    );
    const editable = await target.query<{ id: string; workspaceId: string }>(
      `select x.id, x."workspaceId" from draft x ${join} where ${filter} and x.status = 'draft' order by x."createdAt" desc limit 100 offset ${offset}`,
      params,
    );
    staff.push({ account, role, clients: clientIds, requests, editable });
  }
  return { clients, staff };
}
