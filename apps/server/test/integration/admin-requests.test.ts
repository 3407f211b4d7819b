import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, nextMillisecond, type AdminTestApp } from '../support/admin.ts';

interface Request {
  id: string;
  type: 'onboarding' | 'support';
  subject: string;
  requester: string;
  status: 'open' | 'in_progress' | 'closed';
  createdAt: string;
  clientId: string | null;
}
interface Entry {
  id: string;
  text: string;
  who: string;
  ts: string;
  forClient: boolean;
}

/** Support requests of the list fixture; the three clients below add their onboarding requests. */
const SUPPORT: { subject: string; requester: string; status: Request['status'] }[] = [
  { subject: 'Billing question', requester: 'ann@acme.test', status: 'open' },
  { subject: 'billing: refund please', requester: 'Bob@Acme.test', status: 'closed' },
  { subject: 'BILLING address', requester: 'cara@beta.test', status: 'in_progress' },
  { subject: 'Login trouble', requester: 'dan@beta.test', status: 'open' },
  { subject: 'Cannot upload video', requester: 'eve@gamma.test', status: 'in_progress' },
  { subject: 'Add a channel', requester: 'fay@gamma.test', status: 'open' },
  { subject: 'Zap integration', requester: 'gus@delta.test', status: 'closed' },
  { subject: 'export data', requester: 'hal@delta.test', status: 'open' },
  { subject: 'Invoice missing', requester: 'ida@acme.test', status: 'open' },
  { subject: 'Question about 50% discount', requester: 'jon@epsilon.test', status: 'open' },
  { subject: 'Change owner_email', requester: 'kim@epsilon.test', status: 'closed' },
  { subject: 'new brand kit', requester: 'lee@zeta.test', status: 'open' },
];
const CLIENTS = [
  { name: 'Acme Studio', owner: 'owner@acme.test' },
  { name: 'beta Bakes', owner: 'owner@beta.test' },
  { name: 'Gamma Gym', owner: 'owner@gamma.test' },
];

describe('admin requests: list, filters, search, sort, pages', () => {
  let a: AdminTestApp;
  let all: Request[];
  beforeAll(async () => {
    a = await createAdminTestApp();
    for (const client of CLIENTS) expect((await a.admin.post('/api/admin/clients', client)).statusCode).toBe(201);
    for (const fixture of SUPPORT) {
      const created = await a.admin.post('/api/admin/requests', {
        type: 'support',
        subject: fixture.subject,
        requester: fixture.requester,
      });
      expect(created.statusCode, created.body).toBe(201);
      if (fixture.status !== 'open') {
        expect((await a.admin.patch(`/api/admin/requests/${created.json().id}`, { status: fixture.status })).statusCode).toBe(200);
      }
    }
    all = (await a.admin.get('/api/admin/requests?pageSize=50')).json().rows;
  });
  afterAll(() => a.t.close());

  const list = async (query: string) => {
    const response = await a.admin.get(`/api/admin/requests?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { rows: Request[]; total: number };
  };
  const subjects = (rows: Request[]) => rows.map((r) => r.subject).sort();

  it('lists every request, newest first by default', async () => {
    expect(all).toHaveLength(SUPPORT.length + CLIENTS.length);
    const stamps = all.map((r) => r.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(all.filter((r) => r.type === 'onboarding').map((r) => r.subject)).toEqual(
      expect.arrayContaining(CLIENTS.map((c) => `Onboarding: ${c.name}`)),
    );
    expect(all.find((r) => r.subject === 'billing: refund please')?.requester).toBe('bob@acme.test');
  });

  it.each(['open', 'in_progress', 'closed'] as const)('filters by status %s', async (status) => {
    const page = await list(`status=${status}&pageSize=50`);
    const expected = all.filter((r) => r.status === status);
    expect(subjects(page.rows)).toEqual(subjects(expected));
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeGreaterThan(0);
  });

  it.each(['onboarding', 'support'] as const)('filters by type %s', async (type) => {
    const page = await list(`type=${type}&pageSize=50`);
    expect(subjects(page.rows)).toEqual(subjects(all.filter((r) => r.type === type)));
    expect(page.total).toBe(all.filter((r) => r.type === type).length);
  });

  it('combines status and type filters with a search', async () => {
    const page = await list('status=open&type=support&search=billing&pageSize=50');
    expect(subjects(page.rows)).toEqual(['Billing question']);
    expect(page.total).toBe(1);
    expect((await list('status=open&type=onboarding&pageSize=50')).total).toBe(CLIENTS.length);
  });

  it.each([
    ['billing', 'subject, any case'],
    ['BILLING', 'upper case'],
    ['ACME.TEST', 'requester, any case'],
    ['owner@', 'requester of onboarding requests'],
    ['onboarding:', 'onboarding subjects'],
    ['50%', 'a literal %'],
    ['owner_', 'a literal _'],
  ])('search %j (%s)', async (term) => {
    const page = await list(`search=${encodeURIComponent(term)}&pageSize=50`);
    const needle = term.toLowerCase();
    const expected = all.filter((r) => r.subject.toLowerCase().includes(needle) || r.requester.includes(needle));
    expect(subjects(page.rows)).toEqual(subjects(expected));
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeGreaterThan(0);
  });

  it('a search for _ or % does not act as a wildcard', async () => {
    expect(subjects((await list('search=owner_&pageSize=50')).rows)).toEqual(['Change owner_email']);
    expect(subjects((await list('search=%25&pageSize=50')).rows)).toEqual(['Question about 50% discount']);
    expect(await list('search=nothing-like-this&pageSize=50')).toEqual({ rows: [], total: 0 });
  });

  it.each(['createdAt', 'type', 'subject', 'requester', 'status'] as const)('sorts by %s both ways', async (sortBy) => {
    const keyOf = (r: Request) => (sortBy === 'subject' || sortBy === 'requester' ? r[sortBy].toLowerCase() : r[sortBy]);
    const ascending = all.map(keyOf).sort();
    for (const dir of ['asc', 'desc'] as const) {
      const page = await list(`sortBy=${sortBy}&sortDir=${dir}&pageSize=50`);
      expect(page.rows.map(keyOf)).toEqual(dir === 'asc' ? ascending : [...ascending].reverse());
    }
  });

  it('pages: each page continues the last, total counts every match', async () => {
    const everything = (await list('sortBy=subject&sortDir=asc&pageSize=50')).rows;
    const page1 = await list('sortBy=subject&sortDir=asc&page=1&pageSize=10');
    const page2 = await list('sortBy=subject&sortDir=asc&page=2&pageSize=10');
    expect(page1.rows).toEqual(everything.slice(0, 10));
    expect(page2.rows).toEqual(everything.slice(10, 20));
    expect(page2.rows).toHaveLength(all.length - 10);
    expect([page1.total, page2.total]).toEqual([all.length, all.length]);
    expect(await list('sortBy=subject&page=3&pageSize=10')).toEqual({ rows: [], total: all.length });

    const open = all.filter((r) => r.status === 'open').length;
    const openPage = await list('status=open&sortBy=requester&page=1&pageSize=10');
    expect(openPage.rows).toHaveLength(Math.min(10, open));
    expect(openPage.total).toBe(open);
  });

  it.each([
    ['pageSize=15', 'pageSize'],
    ['page=0', 'page'],
    ['status=done', 'status'],
    ['type=billing', 'type'],
    ['sortBy=priority', 'sortBy'],
    ['sortDir=sideways', 'sortDir'],
  ])('answers 400 for %s', async (query, field) => {
    const response = await a.admin.get(`/api/admin/requests?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining(field) });
  });
});

describe('admin requests: create, read, status, notes, timeline', () => {
  let a: AdminTestApp;
  beforeAll(async () => {
    a = await createAdminTestApp();
  });
  afterAll(() => a.t.close());

  const timeline = async (id: string): Promise<Entry[]> => {
    const response = await a.admin.get(`/api/admin/requests/${id}/timeline`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('POST creates a support request (201): open, requester lower-cased, "Request opened" in its timeline', async () => {
    const response = await a.admin.post('/api/admin/requests', {
      type: 'support',
      subject: '  Cannot log in ',
      requester: ' Pat@Example.COM ',
    });
    expect(response.statusCode).toBe(201);
    const request: Request = response.json();
    expect(request).toEqual({
      id: expect.any(String),
      type: 'support',
      subject: 'Cannot log in',
      requester: 'pat@example.com',
      status: 'open',
      createdAt: expect.any(String),
      clientId: null,
    });
    expect((await a.admin.get(`/api/admin/requests/${request.id}`)).json()).toEqual(request);
    expect(await timeline(request.id)).toEqual([
      { id: expect.any(String), text: 'Request opened', who: a.admin.email, ts: request.createdAt, forClient: true },
    ]);
  });

  it('a request from a client owner is linked to the client', async () => {
    const client = (await a.admin.post('/api/admin/clients', { name: 'Linked Co', owner: 'linked@example.com' })).json();
    const response = await a.admin.post('/api/admin/requests', { type: 'support', subject: 'Help', requester: 'Linked@example.com' });
    expect(response.statusCode).toBe(201);
    expect(response.json().clientId).toBe(client.id);
  });

  it.each([
    ['an unknown type', { type: 'billing', subject: 'S', requester: 'r@example.com' }, 'type'],
    ['an empty subject', { type: 'support', subject: '   ', requester: 'r@example.com' }, 'subject'],
    ['a bad requester', { type: 'support', subject: 'S', requester: 'nope' }, 'requester'],
    ['no requester', { type: 'support', subject: 'S' }, 'requester'],
  ])('POST with %s: 400 naming the field', async (_case, body, field) => {
    const response = await a.admin.post('/api/admin/requests', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining(field) });
  });

  it('GET, PATCH, timeline and notes of an unknown request: 404 "Request not found"', async () => {
    for (const response of [
      await a.admin.get('/api/admin/requests/no-such-id'),
      await a.admin.patch('/api/admin/requests/no-such-id', { status: 'closed' }),
      await a.admin.get('/api/admin/requests/no-such-id/timeline'),
      await a.admin.post('/api/admin/requests/no-such-id/notes', { note: 'Hello' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Request not found' });
    }
  });

  it('PATCH moves any status to any other: open → closed → in_progress → open, each logged', async () => {
    const request: Request = (
      await a.admin.post('/api/admin/requests', { type: 'support', subject: 'Flow', requester: 'flow@example.com' })
    ).json();
    const steps = [
      ['closed', 'Status set to closed'],
      ['in_progress', 'Status set to in progress'],
      ['open', 'Status set to open'],
      ['in_progress', 'Status set to in progress'],
      ['closed', 'Status set to closed'],
    ] as const;
    for (const [status, text] of steps) {
      await nextMillisecond();
      const response = await a.admin.patch(`/api/admin/requests/${request.id}`, { status });
      expect(response.statusCode, status).toBe(200);
      expect(response.json()).toEqual({ ...request, status });
      expect((await a.admin.get(`/api/admin/requests/${request.id}`)).json().status).toBe(status);
      expect((await timeline(request.id))[0]).toMatchObject({ text, who: a.admin.email, forClient: true });
    }
    expect((await timeline(request.id)).map((e) => e.text)).toEqual(
      [...steps.map(([, text]) => text as string)].reverse().concat('Request opened'),
    );
  });

  it('PATCH with an unknown or missing status: 400, status unchanged', async () => {
    const request: Request = (
      await a.admin.post('/api/admin/requests', { type: 'support', subject: 'Bad', requester: 'bad@example.com' })
    ).json();
    for (const body of [{ status: 'done' }, { status: 'in progress' }, {}]) {
      const response = await a.admin.patch(`/api/admin/requests/${request.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringContaining('status') });
    }
    expect((await a.admin.get(`/api/admin/requests/${request.id}`)).json().status).toBe('open');
    expect(await timeline(request.id)).toHaveLength(1);
  });

  it('POST notes: 201 with the internal entry (trimmed text, staff email, time); newest first in the timeline', async () => {
    const request: Request = (
      await a.admin.post('/api/admin/requests', { type: 'support', subject: 'Notes', requester: 'notes@example.com' })
    ).json();
    const notes: Entry[] = [];
    for (const [caller, note] of [
      [a.admin, '  Called the client  '],
      [a.admin, 'Sent the refund'],
      [a.founder, 'Multi-line\nnote'],
    ] as const) {
      await nextMillisecond();
      const response = await caller.post(`/api/admin/requests/${request.id}/notes`, { note });
      expect(response.statusCode).toBe(201);
      const entry: Entry = response.json();
      expect(entry).toEqual({ id: expect.any(String), text: note.trim(), who: caller.email, ts: expect.any(String), forClient: false });
      expect(new Date(entry.ts).toISOString()).toBe(entry.ts);
      notes.push(entry);
    }
    const entries = await timeline(request.id);
    expect(entries).toEqual([...notes].reverse().concat([expect.objectContaining({ text: 'Request opened' })]));
    const stamps = entries.map((e) => e.ts);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it.each([
    ['empty', { note: '' }],
    ['whitespace only', { note: '  \n\t ' }],
    ['missing', {}],
    ['not a string', { note: 42 }],
    ['too long', { note: 'x'.repeat(4001) }],
  ])('POST notes %s: 400 with an error, nothing added', async (_case, body) => {
    const request: Request = (
      await a.admin.post('/api/admin/requests', { type: 'support', subject: 'Empty', requester: 'empty@example.com' })
    ).json();
    const response = await a.admin.post(`/api/admin/requests/${request.id}/notes`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining('note') });
    expect(await timeline(request.id)).toHaveLength(1);
  });
});
