import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_STATUSES, type TClipJobStatus, type TDraft, type TSocialConnection, type TWorkspace } from '@hookline/shared';
import { DEMO_CLIP_JOB_MIN_LEFT_MS, ensureDemoClipJob } from '../../src/modules/demo/ensure-demo-clip-job.ts';
import { DEMO_CLIENT, DEMO_HISTORY_DAYS, DEMO_WORKSPACE_NAME } from '../../src/modules/demo/seed-demo-client.ts';
import { DEMO_FOUNDER, DEMO_LOGINS, seedDemo } from '../../src/modules/demo/seed-demo.ts';
import { apiCaller, type ApiCaller } from '../support/admin.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What `npm run demo` does on its first start (demo.ts): seed, then the client's clip job. */
describe('npm run demo', () => {
  let t: TestApp;
  let client: ApiCaller;
  let clipJobId: string | null;
  let seededAt: number;

  beforeAll(async () => {
    // The environment demo.ts gives the app.
    t = await createTestApp({ FOUNDER_EMAIL: DEMO_FOUNDER.email, ONBOARDING_RATE_LIMIT: '1000', JOB_POLL_MS: '50' });
    seededAt = Date.now();
    await seedDemo(t.app, t.db, t.config.baseUrl);
    clipJobId = await ensureDemoClipJob(t.app, t.db, t.config);
    const session = await signIn(t.app, DEMO_CLIENT);
    expect(session.response.statusCode).toBe(200);
    client = apiCaller(t, { cookie: session.cookie, email: DEMO_CLIENT.email });
  }, 240_000);
  afterAll(() => t?.close());

  const drafts = async () => {
    const response = await client.get('/api/drafts');
    expect(response.statusCode).toBe(200);
    return response.json() as TDraft[];
  };

  it('prints a client login beside the staff ones', () => {
    expect(DEMO_LOGINS).toContainEqual({ label: 'client', ...DEMO_CLIENT });
  });

  it('signs the demo client in to a workspace it owns, its address proven', async () => {
    const workspace = (await client.get('/api/workspace')).json() as TWorkspace;
    expect(workspace).toMatchObject({ name: DEMO_WORKSPACE_NAME, owner: DEMO_CLIENT.email, plan: 'managed' });
    const user = await t.db
      .selectFrom('user')
      .select(['id', 'role', 'emailVerified'])
      .where('email', '=', DEMO_CLIENT.email)
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('client');
    expect(Boolean(user.emailVerified)).toBe(true);
    const row = await t.db.selectFrom('workspace').select('ownerUserId').where('id', '=', workspace.id).executeTakeFirstOrThrow();
    expect(row.ownerUserId).toBe(user.id);
  });

  it('gives the workspace its own drafts in every state but failed (no network is connected to refuse one)', async () => {
    // The overdue post is held by the scheduler's first pass.
    await expect.poll(async () => (await drafts()).some((draft) => draft.status === 'held'), { timeout: 10_000 }).toBe(true);
    const statuses = new Set((await drafts()).map((draft) => draft.status));
    expect([...statuses].sort()).toEqual(DRAFT_STATUSES.filter((status) => status !== 'failed').sort());
    // The seeded "Publish now" is still publishing: its runner's lease ends minutes later.
    const publishing = await t.db.selectFrom('draft').select('leaseUntil').where('status', '=', 'publishing').execute();
    expect(publishing.some((draft) => Date.parse(draft.leaseUntil!) > Date.now())).toBe(true);
    // Queued posts went into the weekday slots, at 09:00 or 12:30 UTC.
    const queued = (await drafts()).filter((draft) => draft.status === 'queued');
    expect(queued.map((draft) => draft.scheduledAt!.slice(11, 16)).every((time) => time === '09:00' || time === '12:30')).toBe(true);
  });

  it('has a month of published history, one day after another, for the analytics and top posts (no sample data)', async () => {
    const published = (await drafts()).filter((draft) => draft.status === 'published');
    // The analytics page shows sample data only while no draft is published with a publishedAt.
    expect(published.every((draft) => draft.publishedAt !== null)).toBe(true);
    const daysAgo = new Set(published.map((draft) => Math.floor((seededAt - Date.parse(draft.publishedAt!)) / DAY_MS)));
    expect([...daysAgo].sort((a, b) => a - b)).toEqual(Array.from({ length: DEMO_HISTORY_DAYS }, (_, day) => day));
    for (const draft of published) expect(Date.parse(draft.createdAt)).toBeLessThan(Date.parse(draft.publishedAt!));
    expect(new Set(published.map((draft) => draft.channel)).size).toBeGreaterThan(1);
  });

  it('shows a connected channel, marked as a demo, that a refresh leaves connected', async () => {
    const connections = (await client.get('/api/social/connections')).json() as TSocialConnection[];
    expect(connections).toEqual([expect.objectContaining({ provider: 'google', status: 'connected', demo: true, lastError: null })]);
    const refreshed = await client.post(`/api/social/${connections[0].id}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual(connections[0]);
  });

  it('has a finished clip job whose clips download', async () => {
    expect(clipJobId).not.toBeNull();
    const job = (await client.get(`/api/clipper/jobs/${clipJobId}`)).json() as TClipJobStatus;
    expect(job).toMatchObject({ status: 'done', stage: 'done', percent: 100 });
    expect(job.result?.clips.length).toBeGreaterThan(0);
    expect(job.result?.expires_in_seconds).toBeGreaterThan(DEMO_CLIP_JOB_MIN_LEFT_MS / 1000);
    for (const clip of job.result!.clips) {
      const download = await t.app.inject({ method: 'GET', url: clip.download_url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('video/mp4');
      // An MP4 opens with its ftyp box.
      expect(download.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
  });

  it('keeps the clip job at a restart, and makes a new one once it is about to be purged', async () => {
    expect(await ensureDemoClipJob(t.app, t.db, t.config)).toBe(clipJobId);
    const soon = new Date(Date.now() + DEMO_CLIP_JOB_MIN_LEFT_MS / 2).toISOString();
    await t.db.updateTable('clipJob').set({ expiresAt: soon }).where('id', '=', clipJobId!).execute();
    const fresh = await ensureDemoClipJob(t.app, t.db, t.config);
    expect(fresh).not.toBe(clipJobId);
    expect((await client.get(`/api/clipper/jobs/${fresh}`)).json()).toMatchObject({ status: 'done' });
  }, 120_000);
});
