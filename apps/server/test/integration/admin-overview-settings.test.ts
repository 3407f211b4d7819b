import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { createAdminTestApp, FOUNDER, nextMillisecond, signUpAs, within, type AdminTestApp } from '../support/admin.ts';
import { acceptInvitation, invitationLinkOf } from '../support/invitation.ts';
import { ORIGIN, signIn } from '../support/test-app.ts';

interface Overview {
  kpis: { totalClients: number; activeWorkspaces: number; pendingRequests: number; mrrUsd: number };
  weeklyJobs: number[];
  health: { name: string; status: string; detail: string }[];
  healthCheckedAt: string;
  topClients: { id: string; name: string; owner: string; posts: number; status: string }[];
  recent: { what: string; when: string; who: string }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
const SIGNUP_CLOSED = 'Public sign-up is closed. Ask the Hookline team for an invitation.';
const DEFAULTS = { supportEmail: 'support@hookline.app', webhookUrl: '', brandHue: 212, allowSelfSignup: true };

/** The UTC days of a range ending today, oldest first. */
function rangeDays(days: number): string[] {
  const now = Date.now();
  return Array.from({ length: days }, (_, i) => new Date(now - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The checks count today's activity: a run that would seed it in the last seconds of a UTC day seeds it in the next. */
async function awayFromMidnight() {
  const msLeft = DAY_MS - (Date.now() % DAY_MS);
  if (msLeft < 20_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 100));
}

describe('admin overview (GET /api/admin/overview)', () => {
  let a: AdminTestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await awayFromMidnight();
    a = await createAdminTestApp();
    const create = async (name: string, status: 'active' | 'paused' = 'active') => {
      const response = await a.admin.post('/api/admin/clients', {
        name,
        owner: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        status,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids[name] = response.json().id;
      return ids[name];
    };
    const patch = async (id: string, body: unknown) => expect((await a.admin.patch(`/api/admin/clients/${id}`, body)).statusCode).toBe(200);

    // MRR: 29 for each active self-serve client, the monthly amount of active managed and enterprise ones.
    await create('Self One');
    await create('Self Two');
    await create('Self Three');
    await create('Self Paused', 'paused');
    await patch(await create('Managed Active'), { plan: 'managed', planMonthlyUsd: 2500 });
    await patch(await create('Enterprise Active'), { plan: 'enterprise', planMonthlyUsd: 10000 });
    await patch(await create('Managed Paused'), { plan: 'managed', planMonthlyUsd: 4000, status: 'paused' });

    // Requests: 7 onboarding ones (open); one in progress, two closed; plus two support requests.
    const onboarding = (await a.admin.get('/api/admin/requests?type=onboarding&pageSize=50')).json().rows as { id: string }[];
    expect(onboarding).toHaveLength(7);
    expect((await a.admin.patch(`/api/admin/requests/${onboarding[0].id}`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await a.admin.patch(`/api/admin/requests/${onboarding[1].id}`, { status: 'closed' })).statusCode).toBe(200);
    expect((await a.admin.patch(`/api/admin/requests/${onboarding[2].id}`, { status: 'closed' })).statusCode).toBe(200);
    const support = async (subject: string) =>
      (await a.admin.post('/api/admin/requests', { type: 'support', subject, requester: 'someone@example.com' })).json().id as string;
    await support('Open support');
    const closed = await support('Closed support');
    expect((await a.admin.patch(`/api/admin/requests/${closed}`, { status: 'closed' })).statusCode).toBe(200);
    await nextMillisecond();
    expect((await a.admin.post(`/api/admin/requests/${closed}/notes`, { note: 'Done and dusted' })).statusCode).toBe(201);

    // Older activity: 10, 40 and 100 days ago (in the 30d, 90d and no range).
    for (const daysAgo of [10, 40, 100]) {
      await a.t.db
        .insertInto('timelineEntry')
        .values({
          id: crypto.randomUUID(),
          subjectType: 'client',
          subjectId: ids['Self One'],
          text: `Old activity ${daysAgo} days ago`,
          who: 'history@example.com',
          ts: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
        })
        .execute();
    }
  }, 60_000);
  afterAll(() => a.t.close());

  const overview = async (range: string): Promise<Overview> => {
    const response = await a.admin.get(`/api/admin/overview?range=${range}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('kpis: clients, active workspaces (paused left out), pending requests (open and in progress), MRR', async () => {
    const { kpis } = await overview('7d');
    // Plus the signed-up client caller's own self-serve workspace (active, $29).
    expect(kpis).toEqual({ totalClients: 8, activeWorkspaces: 6, pendingRequests: 6, mrrUsd: 4 * 29 + 2500 + 10000 });
  });

  it('answers the 7d range when none is given', async () => {
    const response = await a.admin.get('/api/admin/overview');
    expect(response.statusCode).toBe(200);
    expect(response.json().weeklyJobs).toHaveLength(7);
  });

  it.each(Object.entries(RANGES))(
    'weeklyJobs for %s: one count per day, oldest first, summing the timeline entries in the range',
    async (range, days) => {
      const result = await overview(range);
      expect(result.weeklyJobs).toHaveLength(days);
      const stamps = (await a.t.db.selectFrom('timelineEntry').select('ts').execute()).map((e) => e.ts);
      const dayList = rangeDays(days);
      const expected = dayList.map((day) => stamps.filter((ts) => ts.slice(0, 10) === day).length);
      expect(result.weeklyJobs).toEqual(expected);
      const sum = result.weeklyJobs.reduce((x, y) => x + y, 0);
      expect(sum).toBe(stamps.filter((ts) => ts >= `${dayList[0]}T00:00:00.000Z`).length);
      expect(result.weeklyJobs.at(-1)).toBeGreaterThan(10);
    },
  );

  it('the ranges differ by the older activity they reach', async () => {
    const sum = async (range: string) => (await overview(range)).weeklyJobs.reduce((x, y) => x + y, 0);
    const [week, month, quarter] = [await sum('7d'), await sum('30d'), await sum('90d')];
    expect(month).toBe(week + 1);
    expect(quarter).toBe(week + 2);
  });

  it('health: Database, File store, Mail and AI provider, each healthy, degraded or down', async () => {
    const { health } = await overview('7d');
    for (const check of health) {
      expect(check).toEqual({
        name: expect.any(String),
        status: expect.stringMatching(/^(healthy|degraded|down)$/),
        detail: expect.any(String),
      });
    }
    const status = Object.fromEntries(health.map((h) => [h.name, h.status]));
    expect(status).toMatchObject({ Database: 'healthy', 'File store': 'healthy', Mail: 'degraded', 'AI provider': 'degraded' });
    // The checks ran in the background before this answer, not for it: the next one answers the same run.
    const { healthCheckedAt } = await overview('7d');
    expect(Date.parse(healthCheckedAt)).toBeLessThanOrEqual(Date.now());
    expect((await overview('30d')).healthCheckedAt).toBe(healthCheckedAt);
    // ffmpeg is installed wherever the tests run: its version, without the copyright line.
    expect(health.find((h) => h.name === 'ffmpeg')).toEqual({
      name: 'ffmpeg',
      status: 'healthy',
      detail: expect.stringMatching(/^ffmpeg version \S+ \(read once since the server started\)$/),
    });
  });

  it('topClients: at most 5 real clients with id, name, owner, posts and status', async () => {
    const { topClients } = await overview('30d');
    expect(topClients.length).toBeGreaterThan(0);
    expect(topClients.length).toBeLessThanOrEqual(5);
    const clients = (await a.admin.get('/api/admin/clients?pageSize=50')).json().rows as {
      id: string;
      name: string;
      owner: string;
      status: string;
    }[];
    for (const top of topClients) {
      expect(top).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        owner: expect.any(String),
        posts: expect.any(Number),
        status: expect.any(String),
      });
      expect(Number.isInteger(top.posts)).toBe(true);
      const client = clients.find((c) => c.id === top.id);
      expect(client, top.name).toBeDefined();
      expect(top).toMatchObject({ name: client?.name, owner: client?.owner, status: client?.status });
    }
    expect(new Set(topClients.map((c) => c.id)).size).toBe(topClients.length);
  });

  it('recent: the latest activity, newest first, with what, when and who', async () => {
    const { recent } = await overview('7d');
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThanOrEqual(10);
    const stamps = recent.map((r) => r.when);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(recent[0]).toEqual({ what: 'Done and dusted', when: expect.any(String), who: a.admin.email });
    expect(recent.map((r) => r.what)).not.toContain('Old activity 10 days ago');
  });

  it.each(['1y', '7', 'week', ''])('range=%j is a 400 with an error', async (range) => {
    const response = await a.admin.get(`/api/admin/overview?range=${range}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining('range') });
  });
});

describe('admin overview health with mail and AI configured', () => {
  let smtp: FakeSmtpServer;
  let a: AdminTestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    a = await createAdminTestApp({ SMTP_URL: smtp.url, AI_BASE_URL: 'http://127.0.0.1:9/v1' });
  });
  afterAll(async () => {
    await a.t.close();
    await smtp.close();
  });

  it('reports Mail and AI provider healthy', async () => {
    const { health } = (await a.founder.get('/api/admin/overview?range=7d')).json() as Overview;
    const status = Object.fromEntries(health.map((h) => [h.name, h.status]));
    expect(status).toMatchObject({ Database: 'healthy', 'File store': 'healthy', Mail: 'healthy', 'AI provider': 'healthy' });
  });
});

describe('admin settings, sign-up control, webhook secret', () => {
  let smtp: FakeSmtpServer;
  let a: AdminTestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    a = await createAdminTestApp({ SMTP_URL: smtp.url, FOUNDER_EMAIL: `${FOUNDER},late.founder@hookline.test` });
  });
  afterAll(async () => {
    await a.t.close();
    await smtp.close();
  });

  const settings = async () => {
    const response = await a.manager.get('/api/admin/settings');
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const save = (body: Record<string, unknown>) => a.admin.put('/api/admin/settings', { ...DEFAULTS, ...body });
  const signUpRaw = (email: string) =>
    a.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { email, password: 'correct-horse-1', name: '' },
    });
  const publicConfig = async () => (await a.t.app.inject({ url: '/api/config' })).json();

  it('GET answers the defaults before anything is saved', async () => {
    expect(await settings()).toEqual(DEFAULTS);
    expect(await publicConfig()).toMatchObject({ allowSelfSignup: true, brandHue: 212 });
  });

  it('PUT as admin saves; brandHue is carried through unchanged (212), whatever is sent', async () => {
    // A public IP literal: the URL check needs no DNS.
    const response = await save({ supportEmail: ' help@acme.test ', webhookUrl: 'https://93.184.215.14/hooks', brandHue: 100 });
    expect(response.statusCode, response.body).toBe(200);
    const saved = { supportEmail: 'help@acme.test', webhookUrl: 'https://93.184.215.14/hooks', brandHue: 212, allowSelfSignup: true };
    expect(response.json()).toEqual(saved);
    expect(await settings()).toEqual(saved);
    expect((await publicConfig()).brandHue).toBe(212);

    // Back to no webhook URL, so later changes in this suite queue no deliveries.
    const founderSave = await a.founder.put('/api/admin/settings', { ...saved, webhookUrl: '' });
    expect(founderSave.statusCode).toBe(200);
    expect(await settings()).toEqual({ ...saved, webhookUrl: '' });
  });

  it.each([
    ['supportEmail "nope"', { supportEmail: 'nope' }, 'supportEmail'],
    ['webhookUrl "ftp://x"', { webhookUrl: 'ftp://x' }, 'webhookUrl'],
    ['webhookUrl "not a url"', { webhookUrl: 'not a url' }, 'webhookUrl'],
    ['a loopback webhookUrl', { webhookUrl: 'http://127.0.0.1:8080/hook' }, 'webhookUrl'],
    ['a private-network webhookUrl', { webhookUrl: 'https://10.1.2.3/hook' }, 'webhookUrl'],
    ['allowSelfSignup "yes"', { allowSelfSignup: 'yes' }, 'allowSelfSignup'],
    ['brandHue 400', { brandHue: 400 }, 'brandHue'],
    ['no supportEmail', { supportEmail: undefined }, 'supportEmail'],
  ])('PUT with %s: 400 naming the field, nothing saved', async (_case, change, field) => {
    const before = await settings();
    const response = await a.admin.put('/api/admin/settings', { ...before, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining(field) });
    expect(await settings()).toEqual(before);
  });

  it('PUT as manager: 403 "Only admins and founders can change settings.", nothing saved', async () => {
    const before = await settings();
    const response = await a.manager.put('/api/admin/settings', { ...before, supportEmail: 'manager@acme.test', allowSelfSignup: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Only admins and founders can change settings.' });
    expect(await settings()).toEqual(before);
  });

  it('allowSelfSignup false closes public sign-up; founders and invited owners still get in; true opens it again', async () => {
    const current = await settings();
    expect((await a.admin.put('/api/admin/settings', { ...current, allowSelfSignup: false })).statusCode).toBe(200);
    expect((await settings()).allowSelfSignup).toBe(false);
    expect((await publicConfig()).allowSelfSignup).toBe(false);

    // Public sign-up is refused, and no account is made.
    const refused = await signUpRaw('walk-in@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: SIGNUP_CLOSED, message: SIGNUP_CLOSED });
    expect(await a.t.db.selectFrom('user').select('id').where('email', '=', 'walk-in@example.com').execute()).toEqual([]);
    expect((await signUpRaw('Walk-In@Example.com')).statusCode).toBe(403);

    // A FOUNDER_EMAIL address may still sign up (any case) and is a founder.
    const founder = await signUpRaw('Late.Founder@hookline.test');
    expect(founder.statusCode, founder.body).toBe(200);
    const founderRole = await a.t.db
      .selectFrom('user')
      .select('role')
      .where('email', '=', 'late.founder@hookline.test')
      .executeTakeFirstOrThrow();
    expect(founderRole.role).toBe('founder');

    // A client created by staff gets an invitation that still works.
    const created = await a.admin.post('/api/admin/clients', { name: 'Closed Door Co', owner: 'invited@example.com' });
    expect(created.statusCode).toBe(201);
    const mail = await within(10_000, 'the invitation mail', smtp.waitForMail('invited@example.com'));
    const { token } = invitationLinkOf(mail);
    const accepted = await acceptInvitation(a.t.app, { token, password: 'invited-password-1' });
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);
    expect((await signIn(a.t.app, { email: 'invited@example.com', password: 'invited-password-1' })).response.statusCode).toBe(200);

    // Existing accounts still sign in while sign-up is closed.
    expect((await signIn(a.t.app, { email: a.client.email })).response.statusCode).toBe(200);

    // Open again: sign-up works.
    expect((await a.founder.put('/api/admin/settings', { ...(await settings()), allowSelfSignup: true })).statusCode).toBe(200);
    expect((await publicConfig()).allowSelfSignup).toBe(true);
    const welcome = await signUpRaw('walk-in@example.com');
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(welcome.json().user.email).toBe('walk-in@example.com');
  });

  it('webhook secret: whsec_…, stable across calls and callers; rotate gives a new one; managers get 403', async () => {
    const first = await a.admin.get('/api/admin/webhooks/secret');
    expect(first.statusCode).toBe(200);
    const { secret } = first.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{16,}$/);
    expect((await a.admin.get('/api/admin/webhooks/secret')).json()).toEqual({ secret });
    expect((await a.founder.get('/api/admin/webhooks/secret')).json()).toEqual({ secret });

    const denied = await a.manager.get('/api/admin/webhooks/secret');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: expect.any(String) });
    const deniedRotate = await a.manager.post('/api/admin/webhooks/secret/rotate');
    expect(deniedRotate.statusCode).toBe(403);
    expect(deniedRotate.json()).toEqual({ error: expect.any(String) });
    expect((await a.admin.get('/api/admin/webhooks/secret')).json()).toEqual({ secret });

    const rotated = await a.founder.post('/api/admin/webhooks/secret/rotate');
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    expect((await a.admin.get('/api/admin/webhooks/secret')).json()).toEqual({ secret: next });
    expect((await a.admin.post('/api/admin/webhooks/secret/rotate')).json().secret).not.toBe(next);
  });
});

describe('admin team (founders only)', () => {
  let a: AdminTestApp;
  beforeAll(async () => {
    a = await createAdminTestApp();
  });
  afterAll(() => a.t.close());

  interface Member {
    id: string;
    email: string;
    name: string;
    role: string;
  }
  const team = async (): Promise<Member[]> => {
    const response = await a.founder.get('/api/admin/team');
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('GET lists staff only, with id, email, name and role', async () => {
    const members = await team();
    for (const member of members)
      expect(member).toEqual({ id: expect.any(String), email: expect.any(String), name: expect.any(String), role: expect.any(String) });
    expect(members.map((m) => [m.email, m.role]).sort()).toEqual(
      [
        [a.admin.email, 'admin'],
        [a.founder.email, 'founder'],
        [a.manager.email, 'manager'],
      ].sort(),
    );
    expect(members.find((m) => m.email === a.founder.email)?.id).toBe(a.founder.userId);
  });

  it('POST {email, role: manager} makes a client a manager, who then passes the admin guard; PUT {role: client} revokes', async () => {
    const promoted = await signUpAs(a.t, 'promote.me@example.com');
    expect((await promoted.get('/api/admin/overview')).statusCode).toBe(403);

    const granted = await a.founder.post('/api/admin/team', { email: ' Promote.Me@Example.com ', role: 'manager' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ id: promoted.userId, email: 'promote.me@example.com', name: '', role: 'manager' });
    expect((await team()).map((m) => m.email)).toContain('promote.me@example.com');
    expect((await promoted.get('/api/admin/overview')).statusCode).toBe(200);
    expect((await promoted.get('/api/admin/clients')).statusCode).toBe(200);

    const admin = await a.founder.put(`/api/admin/team/${promoted.userId}`, { role: 'admin' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().role).toBe('admin');
    expect((await promoted.get('/api/admin/webhooks/secret')).statusCode).toBe(200);

    const revoked = await a.founder.put(`/api/admin/team/${promoted.userId}`, { role: 'client' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: promoted.userId, role: 'client' });
    expect((await team()).map((m) => m.email)).not.toContain('promote.me@example.com');
    const shutOut = await promoted.get('/api/admin/overview');
    expect(shutOut.statusCode).toBe(403);
    expect(shutOut.json()).toEqual({ error: 'This area is for Hookline staff only.' });
  });

  it('a founder cannot be changed: 409, role kept', async () => {
    for (const role of ['client', 'admin']) {
      const response = await a.founder.put(`/api/admin/team/${a.founder.userId}`, { role });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    const byEmail = await a.founder.post('/api/admin/team', { email: a.founder.email, role: 'client' });
    expect(byEmail.statusCode).toBe(409);
    expect((await team()).find((m) => m.id === a.founder.userId)?.role).toBe('founder');
  });

  it('unknown email or id: 404; a bad role or email: 400', async () => {
    const unknown = await a.founder.post('/api/admin/team', { email: 'nobody@example.com', role: 'manager' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.stringContaining('nobody@example.com') });
    const unknownId = await a.founder.put('/api/admin/team/no-such-id', { role: 'manager' });
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json()).toEqual({ error: expect.any(String) });

    for (const [url, body, field] of [
      ['/api/admin/team', { email: a.client.email, role: 'founder' }, 'role'],
      ['/api/admin/team', { email: a.client.email, role: 'overlord' }, 'role'],
      ['/api/admin/team', { email: 'nope', role: 'manager' }, 'email'],
    ] as const) {
      const response = await a.founder.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringContaining(field) });
    }
    const founderRole = await a.founder.put(`/api/admin/team/${a.client.userId}`, { role: 'founder' });
    expect(founderRole.statusCode).toBe(400);
    expect((await a.t.db.selectFrom('user').select('role').where('id', '=', a.client.userId).executeTakeFirstOrThrow()).role).toBe(
      'client',
    );
  });

  it('admins and managers get 403 "Only founders can manage the team." and change nothing', async () => {
    for (const caller of [a.admin, a.manager]) {
      for (const response of [
        await caller.get('/api/admin/team'),
        await caller.post('/api/admin/team', { email: a.client.email, role: 'admin' }),
        await caller.put(`/api/admin/team/${a.client.userId}`, { role: 'admin' }),
        await caller.put(`/api/admin/team/${caller.userId}`, { role: 'admin' }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: 'Only founders can manage the team.' });
      }
    }
    const roles = Object.fromEntries((await team()).map((m) => [m.email, m.role]));
    expect(roles).toEqual({ [a.admin.email]: 'admin', [a.founder.email]: 'founder', [a.manager.email]: 'manager' });
  });
});
