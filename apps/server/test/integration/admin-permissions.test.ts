import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, onboardingData, signUpAs, type AdminTestApp, type ApiCaller, type HttpMethod } from '../support/admin.ts';

type Role = 'anonymous' | 'client' | 'manager' | 'admin' | 'founder';
const ROLES: Role[] = ['anonymous', 'client', 'manager', 'admin', 'founder'];
const STAFF = ['manager', 'admin', 'founder'] as const;
type Staff = (typeof STAFF)[number];

interface Fixtures {
  clientId: string;
  requestId: string;
  /** A plain client account that the team routes promote and demote. */
  targetEmail: string;
  targetId: string;
}

interface Row {
  method: HttpMethod;
  /** As the OpenAPI document spells it: /api/admin/clients/{id} */
  path: string;
  /** Staff roles allowed through; the others get 403. */
  allowed: readonly Staff[];
  /** The status an allowed caller gets. */
  ok: number;
  /** The 403 message for a staff role that is not allowed. */
  denied?: string;
  body?: (caller: ApiCaller, role: Role) => unknown;
  query?: string;
}

const TARGET = 'target@example.com';
const ADMINS_ONLY = 'Only admins and founders can change settings.';
const SECRET_ADMINS_ONLY = 'Only admins and founders can see the webhook secret.';
const FOUNDERS_ONLY = 'Only founders can manage the team.';
const ASSIGNERS_ONLY = 'Only admins and founders can assign managers.';

/**
 * Every admin route, in an order in which each staff role can call each one once with a success
 * (admins and founders add and then remove themselves as managers, each role creates its own
 * client, ...). The client and request under test are the manager's: the client is assigned to them.
 */
const TABLE: Row[] = [
  { method: 'GET', path: '/api/admin/overview', query: '?range=7d', allowed: STAFF, ok: 200 },
  { method: 'GET', path: '/api/admin/clients', allowed: STAFF, ok: 200 },
  { method: 'GET', path: '/api/admin/channels', allowed: STAFF, ok: 200 },
  { method: 'GET', path: '/api/admin/calendar', query: '?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z', allowed: STAFF, ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/clients',
    allowed: STAFF,
    ok: 201,
    body: (_caller, role) => ({ name: `Made by ${role}`, owner: `owner-by-${role}@example.com` }),
  },
  { method: 'GET', path: '/api/admin/clients/{id}', allowed: STAFF, ok: 200 },
  { method: 'PATCH', path: '/api/admin/clients/{id}', allowed: STAFF, ok: 200, body: () => ({ status: 'active' }) },
  { method: 'GET', path: '/api/admin/clients/{id}/managers', allowed: STAFF, ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/clients/{id}/manager',
    allowed: ['admin', 'founder'],
    ok: 200,
    denied: ASSIGNERS_ONLY,
    body: (caller) => ({ email: caller.email || 'x@y.z' }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/clients/{id}/manager',
    allowed: ['admin', 'founder'],
    ok: 200,
    denied: ASSIGNERS_ONLY,
    body: (caller) => ({ email: caller.email || 'x@y.z' }),
  },
  { method: 'GET', path: '/api/admin/clients/{id}/timeline', allowed: STAFF, ok: 200 },
  { method: 'GET', path: '/api/admin/clients/{id}/drafts', allowed: STAFF, ok: 200 },
  { method: 'PUT', path: '/api/admin/clients/{id}/onboarding', allowed: STAFF, ok: 200, body: () => onboardingData() },
  { method: 'GET', path: '/api/admin/clients/{id}/onboarding', allowed: STAFF, ok: 200 },
  { method: 'GET', path: '/api/admin/requests', allowed: STAFF, ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/requests',
    allowed: STAFF,
    ok: 201,
    // A manager opens requests for their own clients only: this requester is the client under test.
    body: (_caller, role) => ({ type: 'support', subject: `Help from ${role}`, requester: 'fixture@example.com' }),
  },
  { method: 'GET', path: '/api/admin/requests/{id}', allowed: STAFF, ok: 200 },
  { method: 'PATCH', path: '/api/admin/requests/{id}', allowed: STAFF, ok: 200, body: () => ({ status: 'in_progress' }) },
  { method: 'GET', path: '/api/admin/requests/{id}/timeline', allowed: STAFF, ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/requests/{id}/notes',
    allowed: STAFF,
    ok: 201,
    body: (_caller, role) => ({ note: `Note by ${role}` }),
  },
  { method: 'GET', path: '/api/admin/requests/{id}/submission', allowed: STAFF, ok: 200 },
  { method: 'POST', path: '/api/admin/requests/{id}/replies', allowed: STAFF, ok: 201, body: () => ({ text: 'We are on it' }) },
  { method: 'GET', path: '/api/admin/requests/{id}/work', allowed: STAFF, ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/requests/{id}/drafts',
    allowed: STAFF,
    ok: 201,
    body: () => ({ type: 'post', text: 'From the brief' }),
  },
  // The request under test keeps no questionnaire answers: the route is allowed and says there is nothing to apply.
  { method: 'POST', path: '/api/admin/requests/{id}/submission/apply', allowed: STAFF, ok: 404 },
  { method: 'GET', path: '/api/admin/settings', allowed: STAFF, ok: 200 },
  {
    method: 'PUT',
    path: '/api/admin/settings',
    allowed: ['admin', 'founder'],
    ok: 200,
    denied: ADMINS_ONLY,
    body: () => ({ supportEmail: 'help@hookline.test', webhookUrl: '', brandHue: 212, allowSelfSignup: true }),
  },
  { method: 'GET', path: '/api/admin/webhooks/secret', allowed: ['admin', 'founder'], ok: 200, denied: SECRET_ADMINS_ONLY },
  // Delivery attempts (event type, URL, status) are not secret: every staff role may read them.
  { method: 'GET', path: '/api/admin/webhooks/deliveries', allowed: STAFF, ok: 200 },
  { method: 'POST', path: '/api/admin/webhooks/secret/rotate', allowed: ['admin', 'founder'], ok: 200, denied: ADMINS_ONLY },
  { method: 'GET', path: '/api/admin/team', allowed: ['founder'], ok: 200, denied: FOUNDERS_ONLY },
  {
    method: 'POST',
    path: '/api/admin/team',
    allowed: ['founder'],
    ok: 200,
    denied: FOUNDERS_ONLY,
    body: () => ({ email: TARGET, role: 'manager' }),
  },
  { method: 'PUT', path: '/api/admin/team/{id}', allowed: ['founder'], ok: 200, denied: FOUNDERS_ONLY, body: () => ({ role: 'client' }) },
];

function urlOf(row: Row, f: Fixtures): string {
  const id = row.path.startsWith('/api/admin/clients/')
    ? f.clientId
    : row.path.startsWith('/api/admin/requests/')
      ? f.requestId
      : row.path.startsWith('/api/admin/team/')
        ? f.targetId
        : '';
  return row.path.replace('{id}', id) + (row.query ?? '');
}

function expectedStatus(row: Row, role: Role): number {
  if (role === 'anonymous') return 401;
  if (role === 'client') return 403;
  return row.allowed.includes(role) ? row.ok : 403;
}

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Parses Fastify's printRoutes tree into "METHOD /path/{param}" keys (HEAD left out). */
function routesFromTree(tree: string): string[] {
  const keys: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') keys.push(key(method, path));
    }
  }
  return keys;
}

describe('admin API permissions, route by route', () => {
  let a: AdminTestApp;
  let f: Fixtures;
  let callers: Record<Role, ApiCaller>;
  beforeAll(async () => {
    a = await createAdminTestApp();
    callers = { anonymous: a.anonymous, client: a.client, manager: a.manager, admin: a.admin, founder: a.founder };
    const target = await signUpAs(a.t, TARGET);
    const client = await a.founder.post('/api/admin/clients', { name: 'Fixture Co', owner: 'fixture@example.com' });
    expect(client.statusCode).toBe(201);
    const requests = await a.founder.get('/api/admin/requests?search=fixture%40example.com');
    expect(requests.json().rows).toHaveLength(1);
    f = { clientId: client.json().id, requestId: requests.json().rows[0].id, targetEmail: TARGET, targetId: target.userId };
    expect((await a.founder.post(`/api/admin/clients/${f.clientId}/manager`, { email: a.manager.email })).statusCode).toBe(200);
  });
  afterAll(() => a.t.close());

  it('the table lists exactly the admin routes of the OpenAPI document', async () => {
    const response = await a.anonymous.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths)
      .filter(([path]) => path === '/api/admin' || path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => key(method, path)));
    expect(documented.length).toBeGreaterThan(0);
    expect(TABLE.map((row) => key(row.method, row.path)).sort()).toEqual(documented.sort());
  });

  it('the router has no admin route that the OpenAPI document (and so the table) leaves out', () => {
    const routed = routesFromTree(a.t.app.printRoutes({ commonPrefix: false })).filter(
      (k) => k.includes(' /api/admin/') || k.endsWith(' /api/admin'),
    );
    expect(routed.length).toBeGreaterThan(0);
    expect([...new Set(routed)].sort()).toEqual(TABLE.map((row) => key(row.method, row.path)).sort());
  });

  // One test per row, each calling it as every role: anonymous first, staff last.
  for (const row of TABLE) {
    it(`${row.method} ${row.path}${row.query ?? ''}: ${ROLES.map((role) => `${role} ${expectedStatus(row, role)}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const caller = callers[role];
        const response = await caller.request(row.method, urlOf(row, f), row.body?.(caller, role));
        const want = expectedStatus(row, role);
        expect(response.statusCode, `${role}: ${response.body}`).toBe(want);
        expect(response.headers['content-type'], role).toMatch(/^application\/json/);
        const body = response.json();
        if (response.statusCode >= 400) {
          expect(body, role).toEqual({ error: expect.any(String) });
        }
        if (role === 'anonymous') expect(body.error).toBe('Please sign in to continue.');
        if (role === 'client') expect(body.error).toBe('This area is for Hookline staff only.');
        if (want === 403 && role !== 'client' && row.denied) expect(body.error, role).toBe(row.denied);
      }
    });
  }

  it('a manager on a client not assigned to them gets 404 on every route about it and its requests, as for a missing one', async () => {
    const other = (await a.founder.post('/api/admin/clients', { name: 'Other Co', owner: 'other@example.com' })).json();
    const request = (await a.founder.get('/api/admin/requests?search=other%40example.com')).json().rows[0];
    const others: Fixtures = { ...f, clientId: other.id, requestId: request.id };
    // Assigning managers is refused to every manager first (403), whatever the client.
    const rows = TABLE.filter((row) => /^\/api\/admin\/(clients|requests)\/\{id\}/.test(row.path) && !row.path.endsWith('/manager'));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const response = await a.manager.request(row.method, urlOf(row, others), row.body?.(a.manager, 'manager'));
      expect(response.statusCode, `${row.method} ${row.path}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual({ error: row.path.startsWith('/api/admin/clients/') ? 'Client not found' : 'Request not found' });
    }
  });

  it('a denied manager changed nothing: settings, webhook secret and team stay as they were', async () => {
    const secret = (await a.founder.get('/api/admin/webhooks/secret')).json().secret;
    const settings = (await a.founder.get('/api/admin/settings')).json();

    expect((await a.manager.put('/api/admin/settings', { ...settings, supportEmail: 'evil@example.com' })).statusCode).toBe(403);
    expect((await a.manager.post('/api/admin/webhooks/secret/rotate')).statusCode).toBe(403);
    expect((await a.manager.post('/api/admin/team', { email: a.client.email, role: 'admin' })).statusCode).toBe(403);
    expect((await a.admin.post('/api/admin/team', { email: a.client.email, role: 'admin' })).statusCode).toBe(403);

    expect((await a.founder.get('/api/admin/webhooks/secret')).json().secret).toBe(secret);
    expect((await a.founder.get('/api/admin/settings')).json()).toEqual(settings);
    const role = await a.t.db.selectFrom('user').select('role').where('email', '=', a.client.email).executeTakeFirstOrThrow();
    expect(role.role).toBe('client');
  });

  // Bug: requireRole runs inside the handlers, i.e. after body validation, so a staff member without the
  // role gets a 400 with validation details instead of the 403 (anonymous callers and clients get
  // their 401/403 first, from the scope's onRequest hook).
  it.each([
    ['manager', 'PUT', '/api/admin/settings', 'an empty body', {}],
    [
      'manager',
      'PUT',
      '/api/admin/settings',
      'invalid fields',
      { supportEmail: 'nope', webhookUrl: 'ftp://x', brandHue: 'x', allowSelfSignup: 'x' },
    ],
    ['manager', 'POST', '/api/admin/team', 'invalid fields', { email: 'nope', role: 'founder' }],
    ['admin', 'POST', '/api/admin/team', 'an empty body', {}],
    ['admin', 'PUT', '/api/admin/team/{id}', 'an unknown role', { role: 'overlord' }],
  ] as const)('%s %s %s with %s: 403 before any validation', async (role, method, path, _what, body) => {
    const response = await callers[role].request(method, path.replace('{id}', f.targetId), body);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^Only (admins and founders|founders) can/) });
  });

  it('a bearer token (Better Auth bearer plugin) works for the admin API like the cookie', async () => {
    const signedIn = await a.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: a.manager.email, password: 'correct-horse-1' },
    });
    const token = signedIn.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    const ok = await a.t.app.inject({ url: '/api/admin/overview', headers: { authorization: `Bearer ${String(token)}` } });
    expect(ok.statusCode).toBe(200);
    const bad = await a.t.app.inject({ url: '/api/admin/overview', headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.statusCode).toBe(401);
  });
});
