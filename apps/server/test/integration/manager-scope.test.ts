import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, onboardingData, signUpAs, type AdminTestApp, type ApiCaller, type HttpMethod } from '../support/admin.ts';
import { ORIGIN } from '../support/test-app.ts';

const CLIENT_NOT_FOUND = { error: 'Client not found' };
const REQUEST_NOT_FOUND = { error: 'Request not found' };
const ASSIGNERS_ONLY = { error: 'Only admins and founders can assign managers.' };
const NOT_YOUR_CLIENT = { error: 'Managers open requests only for the clients assigned to them.' };

interface Ids {
  /** The client the manager is assigned to, and its onboarding request. */
  mine: string;
  mineOnboarding: string;
  /** A client assigned to nobody. */
  theirs: string;
  /** Questionnaire answers kept on a request: for each client, and for a staff address (no client). */
  keptMine: string;
  keptTheirs: string;
  keptStaff: string;
  /** A support request from someone who is no client. */
  orphan: string;
}

describe('a manager sees and acts on only the clients assigned to them; admins and founders on all', () => {
  let a: AdminTestApp;
  const ids = {} as Ids;

  const createClient = async (caller: ApiCaller, name: string, owner: string) => {
    const response = await caller.post('/api/admin/clients', { name, owner });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /** The public questionnaire, sent anonymously for an address: kept on its request for staff. */
  const submitQuestionnaire = async (email: string) => {
    const response = await a.t.app.inject({
      method: 'POST',
      url: '/api/onboarding/submit',
      headers: ORIGIN,
      payload: onboardingData({ email }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().requestId as string;
  };
  const requestIds = async (caller: ApiCaller, query = '') => {
    const response = await caller.get(`/api/admin/requests?pageSize=50${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { rows, total } = response.json() as { rows: Array<{ id: string; clientId: string | null }>; total: number };
    return { ids: rows.map((r) => r.id), clientIds: rows.map((r) => r.clientId), total };
  };
  const requestTimeline = async (id: string) => (await a.founder.get(`/api/admin/requests/${id}/timeline`)).json();
  /** Everything the founder sees of a client or request: a refused call must leave it as it was. */
  const clientState = (id: string) =>
    Promise.all(['', '/managers', '/timeline', '/onboarding'].map(async (s) => (await a.founder.get(`/api/admin/clients/${id}${s}`)).body));
  const requestState = (id: string) =>
    Promise.all(['', '/timeline', '/submission'].map(async (s) => (await a.founder.get(`/api/admin/requests/${id}${s}`)).body));

  beforeAll(async () => {
    a = await createAdminTestApp();
    ids.mine = await createClient(a.founder, 'Mine Co', 'mine@scope.test');
    ids.theirs = await createClient(a.founder, 'Theirs Co', 'theirs@scope.test');
    expect((await a.founder.post(`/api/admin/clients/${ids.mine}/manager`, { email: a.manager.email })).statusCode).toBe(200);
    for (const [id, plan] of [
      [ids.mine, { plan: 'managed', planMonthlyUsd: 1000 }],
      [ids.theirs, { plan: 'managed', planMonthlyUsd: 5000 }],
    ] as const) {
      expect((await a.founder.patch(`/api/admin/clients/${id}`, { status: 'active', ...plan })).statusCode).toBe(200);
    }
    ids.mineOnboarding = (await a.founder.get('/api/admin/requests?search=mine%40scope.test')).json().rows[0].id;
    ids.keptMine = await submitQuestionnaire('mine@scope.test');
    ids.keptTheirs = await submitQuestionnaire('theirs@scope.test');
    ids.keptStaff = await submitQuestionnaire(a.admin.email);
    const orphan = await a.founder.post('/api/admin/requests', {
      type: 'support',
      subject: 'Secret help',
      requester: 'nobody@example.com',
    });
    expect(orphan.statusCode, orphan.body).toBe(201);
    ids.orphan = orphan.json().id;
    expect((await a.founder.post(`/api/admin/requests/${ids.keptTheirs}/notes`, { note: 'Secret note on Theirs' })).statusCode).toBe(201);
  });
  afterAll(() => a.t.close());

  it.each([
    ['no filter', ''],
    ['a search of three characters or more (SQLite: the trigram index)', '&search=scope.test'],
    ['a short search (the scanning path)', '&search=sc'],
    ['a status filter', '&status=active'],
  ])('the client list and its total, with %s, hold only the assigned client for a manager', async (_what, query) => {
    // Page 2 is past the end of every list here: its total is counted, not inferred from the page.
    const mine = (await a.manager.get(`/api/admin/clients?pageSize=50${query}`)).json();
    expect(mine).toEqual({ rows: [expect.objectContaining({ id: ids.mine, name: 'Mine Co' })], total: 1 });
    expect((await a.manager.get(`/api/admin/clients?pageSize=10&page=2${query}`)).json()).toEqual({ rows: [], total: 1 });
    // Admins and founders see every client: these two, and the workspace of the test app's plain client (active too).
    const everyClient = (await a.t.db.selectFrom('workspace').select('id').execute()).length;
    const expected = query.includes('search') ? 2 : everyClient;
    for (const staff of [a.admin, a.founder]) {
      const all = (await staff.get(`/api/admin/clients?pageSize=50${query}`)).json();
      expect(
        all.rows.map((r: { id: string }) => r.id),
        staff.email,
      ).toEqual(expect.arrayContaining([ids.mine, ids.theirs]));
      expect(all.total, staff.email).toBe(expected);
      expect((await staff.get(`/api/admin/clients?pageSize=10&page=2${query}`)).json(), staff.email).toEqual({ rows: [], total: expected });
    }
  });

  const CLIENT_ROUTES: Array<{ method: HttpMethod; suffix: string; body?: unknown; mine: number }> = [
    { method: 'GET', suffix: '', mine: 200 },
    { method: 'PATCH', suffix: '', body: { status: 'active' }, mine: 200 },
    { method: 'GET', suffix: '/managers', mine: 200 },
    { method: 'GET', suffix: '/timeline', mine: 200 },
    { method: 'PUT', suffix: '/onboarding', body: onboardingData({ email: 'owner@example.com' }), mine: 200 },
    { method: 'GET', suffix: '/onboarding', mine: 200 },
  ];

  it('every route about one client answers an unassigned manager as for a missing client, and changes nothing', async () => {
    const before = await clientState(ids.theirs);
    for (const { method, suffix, body } of [
      ...CLIENT_ROUTES,
      { method: 'PUT' as const, suffix: '/onboarding?sync=1', body: onboardingData() },
    ]) {
      const response = await a.manager.request(method, `/api/admin/clients/${ids.theirs}${suffix}`, body);
      expect(response.statusCode, `${method} ${suffix}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual(CLIENT_NOT_FOUND);
    }
    // Assigning is refused to every manager, on any client, before the client is even looked up.
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await a.manager.request(method, `/api/admin/clients/${ids.theirs}/manager`, { email: a.manager.email });
      expect(response.json(), method).toEqual(ASSIGNERS_ONLY);
    }
    expect(await clientState(ids.theirs)).toEqual(before);
  });

  it('the assigned manager, an admin and a founder use every route about the client', async () => {
    for (const [caller, client] of [
      [a.manager, ids.mine],
      [a.admin, ids.theirs],
      [a.founder, ids.theirs],
    ] as const) {
      for (const { method, suffix, body, mine } of CLIENT_ROUTES) {
        const response = await caller.request(method, `/api/admin/clients/${client}${suffix}`, body);
        expect(response.statusCode, `${caller.email} ${method} ${suffix}: ${response.body}`).toBe(mine);
      }
    }
    expect((await a.manager.get(`/api/admin/clients/${ids.mine}/managers`)).json()).toEqual([a.manager.email]);
  });

  it('only admins and founders assign and remove managers; an assignment opens the client and its removal closes it', async () => {
    const before = await clientState(ids.mine);
    expect((await a.manager.post(`/api/admin/clients/${ids.mine}/manager`, { email: a.admin.email })).json()).toEqual(ASSIGNERS_ONLY);
    expect((await a.manager.del(`/api/admin/clients/${ids.mine}/manager`, { email: a.manager.email })).json()).toEqual(ASSIGNERS_ONLY);
    expect(await clientState(ids.mine)).toEqual(before);

    const second = await signUpAs(a.t, 'second.manager@hookline.test', 'manager');
    expect((await second.get(`/api/admin/clients/${ids.theirs}`)).statusCode).toBe(404);
    expect((await a.admin.post(`/api/admin/clients/${ids.theirs}/manager`, { email: second.email })).statusCode).toBe(200);
    expect((await second.get(`/api/admin/clients/${ids.theirs}`)).statusCode).toBe(200);
    expect((await second.get('/api/admin/clients')).json().rows.map((r: { id: string }) => r.id)).toEqual([ids.theirs]);
    expect((await a.founder.del(`/api/admin/clients/${ids.theirs}/manager`, { email: second.email })).statusCode).toBe(200);
    expect((await second.get(`/api/admin/clients/${ids.theirs}`)).json()).toEqual(CLIENT_NOT_FOUND);
    expect((await second.get('/api/admin/clients')).json()).toEqual({ rows: [], total: 0 });
  });

  it('the request list and its totals hold only the requests of the assigned client for a manager', async () => {
    const mine = await requestIds(a.manager);
    expect(mine.ids.sort()).toEqual([ids.mineOnboarding, ids.keptMine].sort());
    expect(mine.clientIds).toEqual([ids.mine, ids.mine]);
    expect(mine.total).toBe(2);
    expect((await requestIds(a.manager, '&type=onboarding')).total).toBe(2);
    expect((await requestIds(a.manager, '&type=support')).total).toBe(0);
    for (const staff of [a.admin, a.founder]) {
      const all = await requestIds(staff);
      expect(all.ids).toEqual(expect.arrayContaining([ids.mineOnboarding, ids.keptMine, ids.keptTheirs, ids.keptStaff, ids.orphan]));
      expect(all.total).toBe(all.ids.length);
    }
  });

  const requestRoutes = (note: string): Array<{ method: HttpMethod; suffix: string; body?: unknown; ok: number }> => [
    { method: 'GET', suffix: '', ok: 200 },
    { method: 'PATCH', suffix: '', body: { status: 'in_progress' }, ok: 200 },
    { method: 'GET', suffix: '/timeline', ok: 200 },
    { method: 'POST', suffix: '/notes', body: { note }, ok: 201 },
    { method: 'GET', suffix: '/submission', ok: 200 },
  ];

  it.each([
    ['another client', 'keptTheirs'],
    ['no client (answers kept for a staff address)', 'keptStaff'],
    ['no client (a support request from a stranger)', 'orphan'],
  ] as const)('every route about a request of %s answers a manager as for a missing request, and changes nothing', async (_what, key) => {
    const id = ids[key];
    const before = await requestState(id);
    for (const { method, suffix, body } of [...requestRoutes('Manager note'), { method: 'POST' as const, suffix: '/submission/apply' }]) {
      const response = await a.manager.request(method, `/api/admin/requests/${id}${suffix}`, body);
      expect(response.statusCode, `${method} ${suffix}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual(REQUEST_NOT_FOUND);
    }
    expect(await requestState(id)).toEqual(before);
    expect((await a.admin.get(`/api/admin/requests/${id}`)).statusCode).toBe(200);
  });

  it('the assigned manager works a request of their client, up to applying its kept answers', async () => {
    for (const { method, suffix, body, ok } of requestRoutes('Called the owner')) {
      const response = await a.manager.request(method, `/api/admin/requests/${ids.keptMine}${suffix}`, body);
      expect(response.statusCode, `${method} ${suffix}: ${response.body}`).toBe(ok);
    }
    expect((await a.manager.get(`/api/admin/requests/${ids.keptMine}/submission`)).json().submission.clientId).toBe(ids.mine);
    const applied = await a.manager.post(`/api/admin/requests/${ids.keptMine}/submission/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ clientId: ids.mine, appliedBy: a.manager.email });
    // An admin works any request, one of no client included.
    expect((await a.admin.patch(`/api/admin/requests/${ids.orphan}`, { status: 'in_progress' })).statusCode).toBe(200);
  });

  it('a manager opens requests for their own clients only, with one answer for another client and for a stranger', async () => {
    const opened = await a.manager.post('/api/admin/requests', {
      type: 'support',
      subject: 'Mine needs help',
      requester: 'mine@scope.test',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().clientId).toBe(ids.mine);
    const countBefore = (await requestIds(a.founder)).total;
    for (const requester of ['theirs@scope.test', 'stranger@example.com']) {
      const refused = await a.manager.post('/api/admin/requests', { type: 'support', subject: 'Nope', requester });
      expect(refused.statusCode, requester).toBe(403);
      expect(refused.json()).toEqual(NOT_YOUR_CLIENT);
    }
    expect((await requestIds(a.founder)).total).toBe(countBefore);
    const admins = await a.admin.post('/api/admin/requests', { type: 'support', subject: 'Any', requester: 'stranger@example.com' });
    expect(admins.statusCode).toBe(201);
  });

  it('the overview counts the assigned clients only for a manager; system health is the same for all', async () => {
    const overview = async (caller: ApiCaller) => {
      const response = await caller.get('/api/admin/overview?range=7d');
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const [mine, admin, founder] = await Promise.all([overview(a.manager), overview(a.admin), overview(a.founder)]);
    const pendingOf = async (caller: ApiCaller) =>
      (await requestIds(caller, '&status=open')).total + (await requestIds(caller, '&status=in_progress')).total;

    expect(mine.kpis).toEqual({ totalClients: 1, activeWorkspaces: 1, mrrUsd: 1000, pendingRequests: await pendingOf(a.manager) });
    // The plain client account of the test app has a self-serve workspace: three clients for admins.
    expect(admin.kpis).toEqual({ totalClients: 3, activeWorkspaces: 3, mrrUsd: 6029, pendingRequests: await pendingOf(a.admin) });
    expect(mine.kpis.pendingRequests).toBeLessThan(admin.kpis.pendingRequests);
    expect(founder.kpis).toEqual(admin.kpis);

    expect(mine.topClients.map((c: { id: string }) => c.id)).toEqual([ids.mine]);
    expect(admin.topClients.map((c: { id: string }) => c.id).sort()).toEqual([ids.mine, ids.theirs].sort());

    const sum = (days: number[]) => days.reduce((total, n) => total + n, 0);
    expect(sum(mine.weeklyJobs)).toBeGreaterThan(0);
    expect(sum(mine.weeklyJobs)).toBeLessThan(sum(admin.weeklyJobs));
    const texts = (o: { recent: Array<{ what: string }> }) => o.recent.map((r) => r.what);
    // Everything in the manager's feed is about their client or its requests.
    const mineEntries = [
      ...(await a.founder.get(`/api/admin/clients/${ids.mine}/timeline`)).json(),
      ...(await requestTimeline(ids.mineOnboarding)),
      ...(await requestTimeline(ids.keptMine)),
    ].map((e: { text: string }) => e.text);
    expect(texts(mine).length).toBeGreaterThan(0);
    for (const what of texts(mine)) expect(mineEntries).toContain(what);
    expect(texts(mine)).not.toContain('Secret note on Theirs');

    expect(mine.health).toEqual(admin.health);
  });

  it('a client a manager creates is assigned to them; one an admin creates is assigned to nobody', async () => {
    const made = await createClient(a.manager, 'Made By Manager', 'made.by.manager@example.com');
    expect((await a.manager.get(`/api/admin/clients/${made}/managers`)).json()).toEqual([a.manager.email]);
    expect((await a.manager.get(`/api/admin/clients/${made}/timeline`)).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: `Manager ${a.manager.email} assigned`, who: a.manager.email })]),
    );
    expect((await a.manager.get('/api/admin/clients')).json().total).toBe(2);
    // Its onboarding request comes with it.
    expect((await requestIds(a.manager, '&search=made.by.manager')).total).toBe(1);

    const byAdmin = await createClient(a.admin, 'Made By Admin', 'made.by.admin@example.com');
    expect((await a.admin.get(`/api/admin/clients/${byAdmin}/managers`)).json()).toEqual([]);
    expect((await a.manager.get(`/api/admin/clients/${byAdmin}`)).json()).toEqual(CLIENT_NOT_FOUND);
  });

  it('a manager who is no longer staff keeps no assignments to regain later', async () => {
    const former = await signUpAs(a.t, 'former.manager@scope.test', 'manager');
    const client = await createClient(a.founder, 'Former Co', 'former.client@scope.test');
    expect((await a.founder.post(`/api/admin/clients/${client}/manager`, { email: former.email })).statusCode).toBe(200);
    expect((await a.founder.put(`/api/admin/team/${former.userId}`, { role: 'client' })).statusCode).toBe(200);
    expect((await a.founder.get(`/api/admin/clients/${client}/managers`)).json()).toEqual([]);
    expect((await a.founder.put(`/api/admin/team/${former.userId}`, { role: 'manager' })).statusCode).toBe(200);
    expect((await former.get(`/api/admin/clients/${client}`)).json()).toEqual(CLIENT_NOT_FOUND);
  });
});
