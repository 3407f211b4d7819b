import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingData } from '../support/admin.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/test-app.ts';

// Untrimmed and mixed-case on purpose: the server normalises them.
const VALID = onboardingData({ name: '  Ana Lopez ', email: ' Ana.Lopez@Example.COM ' });

describe('onboarding questionnaire (POST /api/onboarding/submit)', () => {
  let t: TestApp;
  // The validation cases below count against the per-IP limit too; this suite is not about the limit.
  beforeAll(async () => {
    t = await createTestApp({ ONBOARDING_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const submit = (payload: unknown, extraHeaders: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/onboarding/submit',
      headers: { ...ORIGIN, ...extraHeaders },
      payload: payload as Record<string, unknown>,
    });

  it('accepts a valid submission and stores the workspace, record, request and timeline', async () => {
    const response = await submit(VALID);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ ok: true, requestId: expect.any(String) });

    const workspaces = await t.db.selectFrom('workspace').selectAll().where('ownerEmail', '=', 'ana.lopez@example.com').execute();
    expect(workspaces).toHaveLength(1);
    const [workspace] = workspaces;
    expect(workspace).toMatchObject({ ownerEmail: 'ana.lopez@example.com', name: 'Ana Bakes', status: 'active' });

    const record = await t.db.selectFrom('onboardingRecord').selectAll().where('workspaceId', '=', workspace.id).executeTakeFirstOrThrow();
    expect(JSON.parse(record.data)).toEqual({
      ...VALID,
      name: 'Ana Lopez',
      email: 'ana.lopez@example.com',
    });
    expect(new Date(record.createdAt).toISOString()).toBe(record.createdAt);

    const request = await t.db.selectFrom('request').selectAll().where('id', '=', body.requestId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({
      workspaceId: workspace.id,
      type: 'onboarding',
      subject: 'Onboarding: Ana Bakes',
      requester: 'ana.lopez@example.com',
      status: 'open',
    });

    const clientTimeline = await t.db
      .selectFrom('timelineEntry')
      .selectAll()
      .where('subjectType', '=', 'client')
      .where('subjectId', '=', workspace.id)
      .execute();
    expect(clientTimeline).toEqual([
      // The address is only a claim: the public form is credited, not the client.
      expect.objectContaining({ text: 'Workspace created from the onboarding form', who: 'public questionnaire' }),
    ]);
    const requestTimeline = await t.db
      .selectFrom('timelineEntry')
      .selectAll()
      .where('subjectType', '=', 'request')
      .where('subjectId', '=', body.requestId)
      .execute();
    expect(requestTimeline).toEqual([expect.objectContaining({ text: 'Request opened', who: 'public questionnaire' })]);
  });

  it('keeps a second anonymous submission for the same address (another case) on its request, never replacing the record', async () => {
    const first = await submit({ ...VALID, email: 'repeat@example.com', brand: 'First Brand' });
    expect(first.statusCode).toBe(200);
    const second = await submit({ ...VALID, email: 'REPEAT@Example.com', brand: 'Second Brand', goals: 'New goals', channels: ['Blog'] });
    expect(second.statusCode).toBe(200);
    expect(second.json().requestId).not.toBe(first.json().requestId);

    const workspaces = await t.db.selectFrom('workspace').selectAll().where('ownerEmail', '=', 'repeat@example.com').execute();
    expect(workspaces).toHaveLength(1);
    const workspaceId = workspaces[0].id;

    const records = await t.db.selectFrom('onboardingRecord').selectAll().where('workspaceId', '=', workspaceId).execute();
    expect(records).toHaveLength(1);
    expect(JSON.parse(records[0].data)).toMatchObject({ brand: 'First Brand', goals: VALID.goals });

    const kept = await t.db.selectFrom('onboardingSubmission').selectAll().where('workspaceId', '=', workspaceId).execute();
    expect(kept).toEqual([expect.objectContaining({ requestId: second.json().requestId, appliedAt: null })]);
    expect(JSON.parse(kept[0].data)).toMatchObject({
      email: 'repeat@example.com',
      brand: 'Second Brand',
      goals: 'New goals',
      channels: ['Blog'],
    });

    const requests = await t.db
      .selectFrom('request')
      .select(['id', 'subject', 'requester', 'status', 'type'])
      .where('workspaceId', '=', workspaceId)
      .orderBy('createdAt')
      .execute();
    expect(requests.map((r) => r.subject).sort()).toEqual(['Onboarding answers to review: Second Brand', 'Onboarding: First Brand']);
    for (const r of requests) expect(r).toMatchObject({ type: 'onboarding', requester: 'repeat@example.com', status: 'open' });

    const clientTimeline = await t.db
      .selectFrom('timelineEntry')
      .select(['text', 'who'])
      .where('subjectType', '=', 'client')
      .where('subjectId', '=', workspaceId)
      .execute();
    expect(clientTimeline).toEqual(
      expect.arrayContaining([
        { text: 'Workspace created from the onboarding form', who: 'public questionnaire' },
        { text: 'Questionnaire answers received for this address; kept on their request for staff to review', who: 'public questionnaire' },
      ]),
    );
    expect(clientTimeline).toHaveLength(2);
  });

  it('de-duplicates channels and defaults the optional fields to empty text', async () => {
    const response = await submit({
      name: 'Dee',
      email: 'dee@example.com',
      brand: 'Dee Co',
      goals: 'Reach',
      cadence: 'Daily',
      channels: ['YouTube', 'Blog', 'YouTube', 'Blog', 'Newsletter'],
    });
    expect(response.statusCode).toBe(200);
    const workspace = await t.db.selectFrom('workspace').select('id').where('ownerEmail', '=', 'dee@example.com').executeTakeFirstOrThrow();
    const record = await t.db
      .selectFrom('onboardingRecord')
      .select('data')
      .where('workspaceId', '=', workspace.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(record.data)).toEqual({
      name: 'Dee',
      email: 'dee@example.com',
      brand: 'Dee Co',
      website: '',
      instagram: '',
      twitter: '',
      youtube: '',
      goals: 'Reach',
      pillars: '',
      channels: ['YouTube', 'Blog', 'Newsletter'],
      cadence: 'Daily',
      approvalFlow: '',
      assetsUrl: '',
      notes: '',
    });
  });

  describe('refuses bad input with a 400 naming the field', () => {
    const { name: _name, ...withoutName } = VALID;
    const { brand: _brand, ...withoutBrand } = VALID;
    const { goals: _goals, ...withoutGoals } = VALID;
    const { cadence: _cadence, ...withoutCadence } = VALID;
    const cases: [string, unknown, RegExp][] = [
      ['missing name', withoutName, /^name: Name is required$/],
      ['blank name', { ...VALID, name: '   ' }, /^name: Name is required$/],
      ['bad email', { ...VALID, email: 'not-an-email' }, /^email: Email must be a valid email address$/],
      ['missing brand', withoutBrand, /^brand: Brand is required$/],
      ['missing goals', withoutGoals, /^goals: Goals is required$/],
      ['missing cadence', withoutCadence, /^cadence: Cadence is required$/],
      ['unknown channel MySpace', { ...VALID, channels: ['Instagram', 'MySpace'] }, /^channels\.1: /],
      ['channels not an array', { ...VALID, channels: 'Instagram' }, /^channels: Channels must be a list of the offered channels$/],
      ['goals over 4000 characters', { ...VALID, goals: 'g'.repeat(4001) }, /^goals: Goals must be at most 4000 characters$/],
      ['name over 120 characters', { ...VALID, name: 'n'.repeat(121) }, /^name: Name must be at most 120 characters$/],
      [
        'website over 500 characters',
        { ...VALID, website: `https://${'w'.repeat(500)}.example` },
        /^website: Website must be at most 500 characters$/,
      ],
    ];

    it.each(cases)('%s', async (_label, payload, expected) => {
      const before = await t.db.selectFrom('request').select('id').execute();
      const response = await submit(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringMatching(expected) });
      const after = await t.db.selectFrom('request').select('id').execute();
      expect(after).toHaveLength(before.length);
    });

    it('a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding/submit',
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        payload: '{"name": "Ana",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringMatching(/JSON/) });
    });

    it('an empty JSON body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding/submit',
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });

    it('no body at all', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/onboarding/submit', headers: ORIGIN });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });

    it('a JSON array instead of an object', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding/submit',
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });
  });
});

describe('onboarding rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ONBOARDING_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with an error message once ONBOARDING_RATE_LIMIT submissions were made', async () => {
    const submit = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/onboarding/submit',
        headers: ORIGIN,
        payload: { name: `User ${n}`, email: `user${n}@example.com`, brand: `Brand ${n}`, goals: 'Grow', cadence: 'Weekly' },
      });
    expect((await submit(1)).statusCode).toBe(200);
    expect((await submit(2)).statusCode).toBe(200);
    const third = await submit(3);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/) });
    const stored = await t.db.selectFrom('workspace').select('ownerEmail').where('ownerEmail', '=', 'user3@example.com').execute();
    expect(stored).toEqual([]);
  });
});
