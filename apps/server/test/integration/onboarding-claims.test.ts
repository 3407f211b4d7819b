import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_JOB } from '../../src/modules/webhooks/deliver-webhook.ts';
import { createAdminTestApp, MANAGER, onboardingData, signUpAs, type AdminTestApp, type ApiCaller } from '../support/admin.ts';

/**
 * The questionnaire is public and its email only a claim: a submission may replace a record only
 * when the workspace's signed-in owner sends it. Everything else is kept on its request for staff.
 */
describe('onboarding submissions that may not replace a record', () => {
  let a: AdminTestApp;
  let owner: ApiCaller;
  const OWNER = 'owner@example.com';

  beforeAll(async () => {
    a = await createAdminTestApp({ FOUNDER_EMAIL: 'founder@hookline.test,later-founder@hookline.test' });
    // A webhook URL makes every event a queued job the test can read.
    await a.founder.put('/api/admin/settings', {
      supportEmail: 'support@hookline.app',
      webhookUrl: 'https://93.184.215.14/hooks',
      brandHue: 212,
      allowSelfSignup: true,
    });
    owner = await signUpAs(a.t, OWNER);
    const first = await owner.post('/api/onboarding/submit', onboardingData({ email: OWNER, brand: 'Owner Original' }));
    expect(first.statusCode).toBe(200);
  });
  afterAll(() => a.t.close());

  const workspaceOf = (email: string) => a.t.db.selectFrom('workspace').selectAll().where('ownerEmail', '=', email).executeTakeFirst();
  const recordOf = async (workspaceId: string) =>
    JSON.parse(
      (await a.t.db.selectFrom('onboardingRecord').select('data').where('workspaceId', '=', workspaceId).executeTakeFirstOrThrow()).data,
    ) as Record<string, unknown>;
  const webhookEvents = async () =>
    (await a.t.db.selectFrom('job').select('payload').where('type', '=', WEBHOOK_JOB).execute()).map(
      (j) => JSON.parse(j.payload) as { type: string; data: Record<string, unknown> },
    );

  it('the signed-in owner replaces their own record', async () => {
    const response = await owner.post('/api/onboarding/submit', onboardingData({ email: OWNER, brand: 'Owner Updated' }));
    expect(response.statusCode).toBe(200);
    const workspace = await workspaceOf(OWNER);
    expect(await recordOf(workspace!.id)).toMatchObject({ brand: 'Owner Updated' });
  });

  it.each([
    ['anonymous', () => a.anonymous],
    ['another client', () => a.client],
  ])("%s with the owner's email cannot overwrite the record; the answers are kept on their request", async (_who, caller) => {
    const workspace = (await workspaceOf(OWNER))!;
    const before = await recordOf(workspace.id);
    const eventsBefore = (await webhookEvents()).filter((e) => e.type === 'onboarding.submitted').length;
    const hostile = onboardingData({ email: OWNER, brand: 'Hijacked', goals: '<img src=x onerror=alert(1)>' });
    const response = await caller().post('/api/onboarding/submit', hostile);
    expect(response.statusCode).toBe(200);
    expect(await recordOf(workspace.id)).toEqual(before);
    const kept = await a.t.db
      .selectFrom('onboardingSubmission')
      .selectAll()
      .where('requestId', '=', response.json().requestId)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ workspaceId: workspace.id, appliedAt: null });
    expect(JSON.parse(kept.data)).toMatchObject({ brand: 'Hijacked' });
    // No event says the client submitted a questionnaire; the request itself is announced as any request is.
    const events = await webhookEvents();
    expect(events.filter((e) => e.type === 'onboarding.submitted')).toHaveLength(eventsBefore);
    expect(events.some((e) => e.type === 'request.created' && (e.data.request as { id: string }).id === response.json().requestId)).toBe(
      true,
    );
    // The client's timeline does not credit the client with it.
    const credited = await a.t.db
      .selectFrom('timelineEntry')
      .select('text')
      .where('subjectId', '=', workspace.id)
      .where('who', '=', OWNER)
      .where('text', 'like', '%Hijacked%')
      .execute();
    expect(credited).toEqual([]);
  });

  it('anonymous answers do not fill the empty record of a workspace whose owner has an account', async () => {
    const selfServe = await signUpAs(a.t, 'self-serve@example.com');
    expect((await selfServe.get('/api/workspace')).statusCode).toBe(200);
    const workspace = (await workspaceOf('self-serve@example.com'))!;
    const response = await a.anonymous.post(
      '/api/onboarding/submit',
      onboardingData({ email: 'self-serve@example.com', brand: 'Filled In' }),
    );
    expect(response.statusCode).toBe(200);
    expect(
      await a.t.db.selectFrom('onboardingRecord').select('data').where('workspaceId', '=', workspace.id).executeTakeFirst(),
    ).toBeUndefined();
    const kept = await a.t.db
      .selectFrom('onboardingSubmission')
      .select('workspaceId')
      .where('requestId', '=', response.json().requestId)
      .executeTakeFirst();
    expect(kept?.workspaceId).toBe(workspace.id);
  });

  it.each([
    ['a staff account', MANAGER],
    ['a founder address without an account yet', 'later-founder@hookline.test'],
  ])('never makes a workspace for %s', async (_label, email) => {
    const response = await a.anonymous.post('/api/onboarding/submit', onboardingData({ email, brand: 'Staff Brand' }));
    expect(response.statusCode).toBe(200);
    expect(await workspaceOf(email)).toBeUndefined();
    const request = await a.t.db.selectFrom('request').selectAll().where('id', '=', response.json().requestId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ workspaceId: null, type: 'onboarding', requester: email });
    const kept = await a.t.db.selectFrom('onboardingSubmission').selectAll().where('requestId', '=', request.id).executeTakeFirstOrThrow();
    expect(kept.workspaceId).toBeNull();
  });

  it('staff compare kept answers with the record and apply them once; the record and timelines credit the staff member', async () => {
    const workspace = (await workspaceOf(OWNER))!;
    const response = await a.anonymous.post(
      '/api/onboarding/submit',
      onboardingData({ email: OWNER, brand: 'Owner Corrected', notes: 'New notes' }),
    );
    const requestId = response.json().requestId as string;
    // The staff member here is the client's manager (a manager sees only the clients assigned to them).
    expect((await a.founder.post(`/api/admin/clients/${workspace.id}/manager`, { email: MANAGER })).statusCode).toBe(200);

    const shown = await a.manager.get(`/api/admin/requests/${requestId}/submission`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().submission).toMatchObject({
      clientId: workspace.id,
      data: expect.objectContaining({ brand: 'Owner Corrected', notes: 'New notes' }),
      current: expect.objectContaining({ brand: 'Owner Updated' }),
      appliedAt: null,
      appliedBy: null,
    });

    const applied = await a.manager.post(`/api/admin/requests/${requestId}/submission/apply`);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      appliedBy: MANAGER,
      appliedAt: expect.any(String),
      current: expect.objectContaining({ brand: 'Owner Corrected' }),
    });
    expect(await recordOf(workspace.id)).toMatchObject({ brand: 'Owner Corrected', notes: 'New notes' });

    const again = await a.admin.post(`/api/admin/requests/${requestId}/submission/apply`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'These answers were already applied to the record.' });

    const clientTimeline = await a.t.db.selectFrom('timelineEntry').select(['text', 'who']).where('subjectId', '=', workspace.id).execute();
    expect(clientTimeline).toContainEqual({ text: 'Onboarding details updated', who: MANAGER });
    const requestTimeline = await a.t.db.selectFrom('timelineEntry').select(['text', 'who']).where('subjectId', '=', requestId).execute();
    expect(requestTimeline).toContainEqual({ text: "Answers applied to the client's record", who: MANAGER });
    expect((await webhookEvents()).some((e) => e.type === 'onboarding.updated' && e.data.by === MANAGER)).toBe(true);
  });

  it('answers clearly where there is nothing to apply', async () => {
    const staffAddress = await a.anonymous.post('/api/onboarding/submit', onboardingData({ email: MANAGER, brand: 'Nope' }));
    const noClient = await a.founder.post(`/api/admin/requests/${staffAddress.json().requestId}/submission/apply`);
    expect(noClient.statusCode).toBe(409);
    expect(noClient.json()).toEqual({ error: 'These answers name no client workspace, so there is no record to apply them to.' });

    const fresh = await a.anonymous.post('/api/onboarding/submit', onboardingData({ email: 'fresh-owner@example.com' }));
    const plain = await a.founder.get(`/api/admin/requests/${fresh.json().requestId}/submission`);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ submission: null });
    const nothing = await a.founder.post(`/api/admin/requests/${fresh.json().requestId}/submission/apply`);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual({ error: 'This request has no questionnaire answers to apply.' });

    const missing = await a.founder.get('/api/admin/requests/no-such-request/submission');
    expect(missing.statusCode).toBe(404);
  });

  it('clients and anonymous callers cannot read or apply kept answers', async () => {
    const response = await a.anonymous.post('/api/onboarding/submit', onboardingData({ email: OWNER, brand: 'Probe' }));
    const requestId = response.json().requestId as string;
    for (const caller of [a.anonymous, a.client, owner]) {
      const read = await caller.get(`/api/admin/requests/${requestId}/submission`);
      expect([401, 403]).toContain(read.statusCode);
      const apply = await caller.post(`/api/admin/requests/${requestId}/submission/apply`);
      expect([401, 403]).toContain(apply.statusCode);
    }
    const kept = await a.t.db
      .selectFrom('onboardingSubmission')
      .select('appliedAt')
      .where('requestId', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(kept.appliedAt).toBeNull();
  });
});
