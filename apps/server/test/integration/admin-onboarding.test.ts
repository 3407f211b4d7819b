import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, nextMillisecond, onboardingData, type AdminTestApp } from '../support/admin.ts';
import { startFakeAirtable, type FakeAirtable } from '../support/airtable.ts';
import { ORIGIN } from '../support/test-app.ts';

interface OnboardingRecord {
  createdAt: string;
  updatedAt: string;
  data: ReturnType<typeof onboardingData>;
  airtableRecordId: string | null;
}

const AIRTABLE = { token: 'key123', baseId: 'appTEST', table: 'Onboarding' };

describe('admin onboarding record (GET and PUT /api/admin/clients/{id}/onboarding)', () => {
  let a: AdminTestApp;
  let clientId: string;
  beforeAll(async () => {
    a = await createAdminTestApp();
    const created = await a.admin.post('/api/admin/clients', { name: 'Ana Bakes', owner: 'ana@example.com' });
    expect(created.statusCode).toBe(201);
    clientId = created.json().id;
    // The manager below works on a client assigned to them (managers see no other).
    expect((await a.admin.post(`/api/admin/clients/${clientId}/manager`, { email: a.manager.email })).statusCode).toBe(200);
  });
  afterAll(() => a.t.close());

  const url = () => `/api/admin/clients/${clientId}/onboarding`;
  const get = async (): Promise<OnboardingRecord> => {
    const response = await a.manager.get(url());
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('answers 404 with an error for a client without a record, and for an unknown client', async () => {
    const none = await a.manager.get(url());
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: expect.any(String) });
    const unknown = await a.manager.get('/api/admin/clients/no-such-id/onboarding');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Client not found' });
    const put = await a.manager.put('/api/admin/clients/no-such-id/onboarding', onboardingData());
    expect(put.statusCode).toBe(404);
  });

  it('shows the questionnaire the owner submitted through the public form, once staff applied it', async () => {
    const submitted = await a.t.app.inject({
      method: 'POST',
      url: '/api/onboarding/submit',
      headers: ORIGIN,
      payload: onboardingData({ email: ' Ana@Example.com ' }),
    });
    expect(submitted.statusCode).toBe(200);
    // The form's email is only a claim: the answers wait on their request until staff apply them.
    expect((await a.manager.get(url())).statusCode).toBe(404);
    const applied = await a.manager.post(`/api/admin/requests/${submitted.json().requestId}/submission/apply`);
    expect(applied.statusCode, applied.body).toBe(200);

    const record = await get();
    expect(record).toEqual({
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      airtableRecordId: null,
      data: onboardingData(),
    });
    expect(new Date(record.createdAt).toISOString()).toBe(record.createdAt);
    // Still the one client: the form found the owner's workspace.
    expect((await a.manager.get('/api/admin/clients?search=ana%40example.com')).json().total).toBe(1);
  });

  it('PUT with changed goals saves them, answers the record, and notes it in the timeline', async () => {
    const before = await get();
    await nextMillisecond();
    const data = onboardingData({ goals: 'Launch a YouTube channel', channels: ['YouTube', 'Instagram', 'YouTube'] });
    const response = await a.manager.put(url(), data);
    expect(response.statusCode, response.body).toBe(200);
    const saved: OnboardingRecord = response.json();
    expect(saved.data).toEqual({ ...onboardingData(), goals: 'Launch a YouTube channel', channels: ['YouTube', 'Instagram'] });
    expect(saved.createdAt).toBe(before.createdAt);
    expect(saved.updatedAt > before.updatedAt).toBe(true);
    expect(saved.airtableRecordId).toBeNull();
    expect(await get()).toEqual(saved);

    const timeline = (await a.manager.get(`/api/admin/clients/${clientId}/timeline`)).json();
    expect(timeline[0]).toMatchObject({ text: 'Onboarding details updated', who: a.manager.email });
  });

  it.each([
    ['a bad email', { email: 'nope' }, 'email'],
    ['an unknown channel', { channels: ['Instagram', 'MySpace'] }, 'channels'],
    ['a missing brand', { brand: '' }, 'brand'],
    ['missing goals', { goals: undefined }, 'goals'],
  ])('PUT with %s: 400 naming the field, and the stored record unchanged', async (_case, change, field) => {
    const before = await get();
    const response = await a.manager.put(url(), onboardingData(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining(field) });
    expect(await get()).toEqual(before);
  });

  it('PUT ?sync=1 without Airtable configured: 503, and the local save stands', async () => {
    await nextMillisecond();
    const data = onboardingData({ goals: 'Saved without Airtable' });
    const response = await a.admin.put(`${url()}?sync=1`, data);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^Airtable sync is not configured/) });
    const record = await get();
    expect(record.data.goals).toBe('Saved without Airtable');
    expect(record.airtableRecordId).toBeNull();
  });

  it('PUT with a sync value other than 0 or 1 is a 400', async () => {
    const response = await a.admin.put(`${url()}?sync=yes`, onboardingData());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining('sync') });
  });
});

describe('admin onboarding sync to Airtable (fake Airtable API)', () => {
  let airtable: FakeAirtable;
  let a: AdminTestApp;
  let clientId: string;
  beforeAll(async () => {
    airtable = await startFakeAirtable(AIRTABLE);
    a = await createAdminTestApp({
      AIRTABLE_TOKEN: AIRTABLE.token,
      AIRTABLE_BASE_ID: AIRTABLE.baseId,
      AIRTABLE_TABLE: AIRTABLE.table,
      AIRTABLE_API_URL: airtable.url,
    });
    const created = await a.admin.post('/api/admin/clients', { name: 'Sync Co', owner: 'sync@example.com' });
    clientId = created.json().id;
    expect((await a.admin.post(`/api/admin/clients/${clientId}/manager`, { email: a.manager.email })).statusCode).toBe(200);
  });
  afterEach(() => {
    airtable.failWith = null;
  });
  afterAll(async () => {
    await a.t.close();
    await airtable.close();
  });

  const url = () => `/api/admin/clients/${clientId}/onboarding`;
  const get = async (): Promise<OnboardingRecord> => (await a.manager.get(url())).json();
  const tablePath = `/v0/${AIRTABLE.baseId}/${AIRTABLE.table}`;

  it('the first sync POSTs a new record with the fields and remembers its id', async () => {
    const data = onboardingData({ email: 'sync@example.com', brand: 'Sync Co', goals: 'First goals', channels: ['YouTube', 'LinkedIn'] });
    const response = await a.manager.put(`${url()}?sync=1`, data);
    expect(response.statusCode, response.body).toBe(200);
    const record: OnboardingRecord = response.json();
    expect(record.airtableRecordId).toMatch(/^rec[A-Za-z0-9]{14}$/);
    expect(record.data.goals).toBe('First goals');

    expect(airtable.requests).toHaveLength(1);
    const [sent] = airtable.requests;
    expect(sent).toMatchObject({ method: 'POST', path: tablePath, authorization: 'Bearer key123' });
    expect(sent.contentType).toMatch(/^application\/json/);
    expect(sent.body?.typecast).toBe(true);
    expect(sent.body?.fields).toMatchObject({
      Brand: 'Sync Co',
      Email: 'sync@example.com',
      Goals: 'First goals',
      Channels: 'YouTube, LinkedIn',
      Name: 'Ana Lopez',
      Cadence: '3x per week',
    });
    expect(airtable.records.has(record.airtableRecordId!)).toBe(true);

    expect((await get()).airtableRecordId).toBe(record.airtableRecordId);
    const texts = (await a.manager.get(`/api/admin/clients/${clientId}/timeline`)).json().map((e: { text: string }) => e.text);
    expect(texts).toContain('Onboarding details synced to Airtable');
    expect(texts).toContain('Onboarding details updated');
  });

  it('a second sync PATCHes the same record, with no second POST', async () => {
    const { airtableRecordId } = await get();
    const seen = airtable.requests.length;
    const response = await a.manager.put(`${url()}?sync=1`, onboardingData({ email: 'sync@example.com', goals: 'Second goals' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().airtableRecordId).toBe(airtableRecordId);

    const sent = airtable.requests.slice(seen);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${tablePath}/${airtableRecordId}`]);
    expect(sent[0].body?.fields).toMatchObject({ Goals: 'Second goals', Channels: 'Instagram, TikTok' });
    expect(airtable.records.get(airtableRecordId!)?.fields.Goals).toBe('Second goals');
    expect(airtable.records.size).toBe(1);
  });

  it('PUT without sync does not call Airtable', async () => {
    const seen = airtable.requests.length;
    const response = await a.manager.put(url(), onboardingData({ email: 'sync@example.com', goals: 'Local only' }));
    expect(response.statusCode).toBe(200);
    expect(airtable.requests.length).toBe(seen);
    expect((await get()).airtableRecordId).toBe(response.json().airtableRecordId);
  });

  it('when Airtable refuses (422), the PUT answers 502 naming Airtable, and the local save stands', async () => {
    const { airtableRecordId } = await get();
    airtable.failWith = {
      status: 422,
      body: { error: { type: 'INVALID_VALUE_FOR_COLUMN', message: 'Field "Channels" cannot accept the provided value' } },
    };
    const response = await a.manager.put(`${url()}?sync=1`, onboardingData({ email: 'sync@example.com', goals: 'Saved despite Airtable' }));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: expect.stringContaining('Airtable') });
    expect(response.json().error).toContain('INVALID_VALUE_FOR_COLUMN');

    const record = await get();
    expect(record.data.goals).toBe('Saved despite Airtable');
    expect(record.airtableRecordId).toBe(airtableRecordId);
  });

  it('when the remembered record was deleted in Airtable, the sync POSTs a new one and remembers the new id', async () => {
    const { airtableRecordId: oldId } = await get();
    airtable.records.delete(oldId!);
    const seen = airtable.requests.length;
    const response = await a.manager.put(`${url()}?sync=1`, onboardingData({ email: 'sync@example.com', goals: 'After deletion' }));
    expect(response.statusCode, response.body).toBe(200);
    const newId = response.json().airtableRecordId;
    expect(newId).toMatch(/^rec/);
    expect(newId).not.toBe(oldId);

    expect(airtable.requests.slice(seen).map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${tablePath}/${oldId}`, `POST ${tablePath}`]);
    expect(airtable.records.get(newId)?.fields.Goals).toBe('After deletion');
    expect((await get()).airtableRecordId).toBe(newId);

    // The next sync updates the new record.
    const next = await a.manager.put(`${url()}?sync=1`, onboardingData({ email: 'sync@example.com', goals: 'Once more' }));
    expect(next.statusCode).toBe(200);
    expect(airtable.requests.at(-1)).toMatchObject({ method: 'PATCH', path: `${tablePath}/${newId}` });
  });

  it('a client with a record created by staff (no form) syncs too', async () => {
    const other = (await a.admin.post('/api/admin/clients', { name: 'Staff Made', owner: 'staffmade@example.com' })).json();
    const response = await a.admin.put(
      `/api/admin/clients/${other.id}/onboarding?sync=1`,
      onboardingData({ email: 'staffmade@example.com' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().airtableRecordId;
    expect(airtable.records.get(id)?.fields).toMatchObject({ Client: 'Staff Made', 'Client ID': other.id, Email: 'staffmade@example.com' });
  });
});

describe('admin onboarding sync with a wrong Airtable token', () => {
  let airtable: FakeAirtable;
  let a: AdminTestApp;
  beforeAll(async () => {
    airtable = await startFakeAirtable(AIRTABLE);
    a = await createAdminTestApp({ AIRTABLE_TOKEN: 'wrong-token', AIRTABLE_BASE_ID: AIRTABLE.baseId, AIRTABLE_API_URL: airtable.url });
  });
  afterAll(async () => {
    await a.t.close();
    await airtable.close();
  });

  it('answers 502 naming Airtable and its 401, and keeps the local save', async () => {
    const clientId = (await a.admin.post('/api/admin/clients', { name: 'Token Co', owner: 'token@example.com' })).json().id;
    const response = await a.admin.put(`/api/admin/clients/${clientId}/onboarding?sync=1`, onboardingData({ goals: 'Kept' }));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: expect.stringContaining('Airtable') });
    expect(response.json().error).toContain('AUTHENTICATION_REQUIRED');
    expect(airtable.requests.map((r) => r.authorization)).toEqual(['Bearer wrong-token']);
    expect(airtable.records.size).toBe(0);
    const record = (await a.admin.get(`/api/admin/clients/${clientId}/onboarding`)).json();
    expect(record).toMatchObject({ data: { goals: 'Kept' }, airtableRecordId: null });
  });
});
