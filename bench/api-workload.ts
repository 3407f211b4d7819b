// The API benchmark's mixed workload: signed-in clients and staff doing what their pages do, four
// requests in five a read (lists, details, calendars), one a write. Each user is a closed loop
// (api-load.ts) with its own session and its own deterministic sequence of requests.
import type { Call, User } from './api-load.ts';
import { randomSequence, type Random } from './api-seed.ts';
import type { ClientView, StaffView } from './api-users.ts';

export const WRITE_SHARE = 0.2;
/** What Chromium sends: answers of 1 kB or more come back compressed, as the browser gets them. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const DAY = 24 * 3600 * 1000;

export const toQuery = (query: Record<string, string | undefined>) =>
  '?' +
  Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`)
    .join('&');

/**
 * What the calendar page asks for a month: the six weeks of its grid from the Monday on or before
 * the 1st, widened by 14 hours on each side so every zone's days are in the answer.
 */
export function calendarRange(monthsFromNow: number, now = new Date()): { from: string; to: string } {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 1);
  const monday = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY;
  return { from: new Date(monday - 14 * 3600_000).toISOString(), to: new Date(monday + 42 * DAY + 14 * 3600_000).toISOString() };
}

const SEARCHES = ['studio', 'golden', 'bakery 1', 'nordic', 'labs 2', 'coffee', 'yo', 'travel 3'];
const SORTS = [
  ['name', 'asc'],
  ['owner', 'asc'],
  ['status', 'desc'],
] as const;

/** The console's client list as staff use it: browsing pages in a sort, or searching a name. */
export function clientListQuery(n: number): Record<string, string | undefined> {
  const [sortBy, sortDir] = SORTS[n % SORTS.length];
  return { search: n % 4 === 0 ? undefined : SEARCHES[n % SEARCHES.length], sortBy, sortDir, page: String(1 + (n % 3)), pageSize: '20' };
}

/** The request inbox: open or in-progress requests, newest first, now and then a search or a type. */
export function inboxQuery(n: number): Record<string, string | undefined> {
  return {
    status: n % 3 === 2 ? 'in_progress' : 'open',
    type: n % 5 === 4 ? 'content_brief' : undefined,
    search: n % 7 === 6 ? 'brief' : undefined,
    sortBy: 'createdAt',
    sortDir: 'desc',
    page: String(1 + (n % 2)),
    pageSize: '20',
  };
}

interface Op {
  weight: number;
  call: () => Call;
}

/** A user who picks a write with WRITE_SHARE's odds, else a read, each by its weight. */
function mixedUser(random: Random, reads: Op[], writes: Op[]): User {
  const choose = (ops: Op[]) => {
    let roll = random.next() * ops.reduce((sum, op) => sum + op.weight, 0);
    return ops.find((op) => (roll -= op.weight) < 0) ?? ops[0];
  };
  return () => choose(random.chance(WRITE_SHARE) ? writes : reads).call();
}

const get = (name: string, path: string, headers: Record<string, string>): Call => ({ name, method: 'GET', path, headers, write: false });

/** A client owner on their dashboard: content, a draft and its comments, the calendar, requests. */
export function clientUser(view: ClientView, url: string, seed: number): User {
  const random = randomSequence(seed);
  const headers = { cookie: view.account.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const writing = { ...headers, origin: url };
  const words = () => `New idea ${random.int(1, 1e6)}: behind the scenes of our summer launch, with the team and a giveaway.`;
  // Drafts this user made in the run: every other "new draft" deletes the oldest instead, so lists keep their size.
  const made: string[] = [];
  const reads: Op[] = [
    { weight: 25, call: () => get('GET /api/drafts', '/api/drafts', headers) },
    { weight: 20, call: () => get('GET /api/drafts/:id', `/api/drafts/${random.pick(view.drafts)}`, headers) },
    { weight: 10, call: () => get('GET /api/drafts/:id/comments', `/api/drafts/${random.pick(view.drafts)}/comments`, headers) },
    { weight: 20, call: () => get('GET /api/calendar', `/api/calendar${toQuery(calendarRange(random.int(-2, 1)))}`, headers) },
    { weight: 10, call: () => get('GET /api/workspace', '/api/workspace', headers) },
    { weight: 10, call: () => get('GET /api/requests', '/api/requests', headers) },
    { weight: 5, call: () => get('GET /api/workspace/posting-slots', '/api/workspace/posting-slots', headers) },
  ];
  const writes: Op[] = [
    {
      weight: 35,
      call: () =>
        made.length >= 2
          ? { name: 'DELETE /api/drafts/:id', method: 'DELETE', path: `/api/drafts/${made.shift()}`, headers: writing, write: true }
          : {
              name: 'POST /api/drafts',
              method: 'POST',
              path: '/api/drafts',
              headers: writing,
              body: { channel: random.pick(['instagram', 'linkedin', 'twitter']), type: 'post', text: words() },
              write: true,
              answered: (status, body) => {
                if (status === 201) made.push((body() as { id: string }).id);
              },
            },
    },
    {
      weight: 35,
      call: () => ({
        name: 'PATCH /api/drafts/:id',
        method: 'PATCH',
        path: `/api/drafts/${random.pick(view.editable)}`,
        headers: writing,
        body: { text: words() },
        write: true,
      }),
    },
    {
      weight: 15,
      call: () => ({
        name: 'POST /api/drafts/:id/comments',
        method: 'POST',
        path: `/api/drafts/${random.pick(view.drafts)}/comments`,
        headers: writing,
        body: { text: 'Love this one, can we add the new photo?' },
        write: true,
      }),
    },
    {
      weight: 5,
      call: () => ({
        name: 'POST /api/requests',
        method: 'POST',
        path: '/api/requests',
        headers: writing,
        body: {
          type: 'content_brief',
          subject: 'Posts for the autumn sale',
          description: 'Three posts a week from 1 October, with the new photos.',
        },
        write: true,
      }),
    },
    {
      weight: 10,
      call: () => ({
        name: 'POST /api/onboarding/submit',
        method: 'POST',
        path: '/api/onboarding/submit',
        headers: writing,
        body: {
          name: 'Owner',
          email: view.account.email,
          brand: 'Our brand',
          goals: 'Grow to 10k followers and launch the summer line',
          channels: ['Instagram', 'TikTok'],
          cadence: '3x per week',
        },
        write: true,
      }),
    },
  ];
  return mixedUser(random, reads, writes);
}

/** A manager or admin in the console: clients, the request inbox, timelines, the agency calendar. */
export function staffUser(view: StaffView, url: string, seed: number): User {
  const random = randomSequence(seed);
  const headers = { cookie: view.account.cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const writing = { ...headers, origin: url };
  let n = seed;
  const client = () => random.pick(view.clients);
  const request = () => random.pick(view.requests);
  const reads: Op[] = [
    { weight: 20, call: () => get('GET /api/admin/clients', `/api/admin/clients${toQuery(clientListQuery(n++))}`, headers) },
    { weight: 10, call: () => get('GET /api/admin/clients/:id', `/api/admin/clients/${client()}`, headers) },
    { weight: 10, call: () => get('GET /api/admin/clients/:id/timeline', `/api/admin/clients/${client()}/timeline`, headers) },
    { weight: 10, call: () => get('GET /api/admin/clients/:id/drafts', `/api/admin/clients/${client()}/drafts`, headers) },
    { weight: 20, call: () => get('GET /api/admin/requests', `/api/admin/requests${toQuery(inboxQuery(n++))}`, headers) },
    { weight: 10, call: () => get('GET /api/admin/requests/:id', `/api/admin/requests/${request()}`, headers) },
    { weight: 10, call: () => get('GET /api/admin/requests/:id/timeline', `/api/admin/requests/${request()}/timeline`, headers) },
    // The agency calendar opens on all the clients in scope; staff then often narrow it to one.
    { weight: 3, call: () => get('GET /api/admin/calendar', `/api/admin/calendar${toQuery(calendarRange(random.int(-1, 0)))}`, headers) },
    {
      weight: 3,
      call: () =>
        get(
          'GET /api/admin/calendar?clientId',
          `/api/admin/calendar${toQuery({ ...calendarRange(random.int(-1, 0)), clientId: client() })}`,
          headers,
        ),
    },
    { weight: 5, call: () => get('GET /api/admin/overview', '/api/admin/overview?range=30d', headers) },
  ];
  const writes: Op[] = [
    {
      weight: 35,
      call: () => ({
        name: 'PATCH /api/admin/requests/:id',
        method: 'PATCH',
        path: `/api/admin/requests/${request()}`,
        headers: writing,
        body: { status: random.pick(['open', 'in_progress', 'closed']) },
        write: true,
      }),
    },
    {
      weight: 35,
      call: () => ({
        name: 'POST /api/admin/requests/:id/notes',
        method: 'POST',
        path: `/api/admin/requests/${request()}/notes`,
        headers: writing,
        body: { note: 'Called the client: they want the launch posts a week earlier.' },
        write: true,
      }),
    },
    {
      weight: 30,
      call: () => {
        const draft = random.pick(view.editable);
        return {
          name: 'PATCH /api/drafts/:id (staff)',
          method: 'PATCH',
          path: `/api/drafts/${draft.id}`,
          headers: { ...writing, 'x-workspace-id': draft.workspaceId },
          body: { text: `Reworded by the agency ${random.int(1, 1e6)}: our summer launch, behind the scenes with the team.` },
          write: true,
        };
      },
    },
  ];
  return mixedUser(random, reads, writes);
}

/**
 * The users at one level of concurrency: seven clients in ten, the rest staff (two managers to one
 * admin or founder, as an agency's team is), each a different person where there are enough; `run`
 * gives each level its own sequences of requests.
 */
export function makeUsers(count: number, views: { clients: ClientView[]; staff: StaffView[] }, url: string, run: number): User[] {
  const managers = views.staff.filter((s) => s.role === 'manager');
  const admins = views.staff.filter((s) => s.role !== 'manager');
  let [c, m, a] = [0, 0, 0];
  return Array.from({ length: count }, (_, i) => {
    const seed = 1_000 * run + i + 1;
    if (i % 10 < 7) return clientUser(views.clients[c++ % views.clients.length], url, seed);
    if (i % 10 < 9) return staffUser(managers[m++ % managers.length], url, seed);
    return staffUser(admins[a++ % admins.length], url, seed);
  });
}
