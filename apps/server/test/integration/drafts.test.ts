import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_OFFSET_MS } from '@hookline/shared';
import { signUpAs, type ApiCaller } from '../support/admin.ts';
import { expectServedFile } from '../support/served-file.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { sendInWorkspace, testPng } from '../support/workspace-caller.ts';

/** Sends a file as a draft's media, from the caller's own workspace, as the dashboard uploads it. */
const attachMedia = (t: TestApp, who: ApiCaller, draftId: string, file: Buffer, filename: string, type = 'image/png') =>
  sendInWorkspace(t, null, who, 'POST', `/api/drafts/${draftId}/media`, { multipart: [{ name: 'file', file, filename, type }] });

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('drafts and the publishing state machine', () => {
  let t: TestApp;
  let ana: ApiCaller;
  let bo: ApiCaller;
  beforeAll(async () => {
    t = await createTestApp({ JOB_POLL_MS: '50', MEDIA_MAX_BYTES: '200000' });
    ana = await signUpAs(t, 'ana@client-a.test');
    bo = await signUpAs(t, 'bo@client-b.test');
  });
  afterAll(() => t?.close());

  const create = async (who: ApiCaller, body: object = { type: 'post', text: 'Hello' }) => {
    const response = await who.post('/api/drafts', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('sign-up gave each client a self-serve, active workspace of their own', async () => {
    const a = (await ana.get('/api/workspace')).json();
    const b = (await bo.get('/api/workspace')).json();
    expect(a).toMatchObject({ owner: 'ana@client-a.test', plan: 'self_serve', status: 'active', cadence: 'Daily', timeZone: null });
    expect(b.id).not.toBe(a.id);
  });

  it('creates a draft with the default channel, lists and filters by channel', async () => {
    const draft = await create(ana, { type: 'reel', text: 'Behind the scenes' });
    expect(draft).toMatchObject({ channel: 'instagram', type: 'reel', status: 'draft', scheduledAt: null, media: null });
    await create(ana, { type: 'thread', channel: 'twitter', text: 'Thread' });
    const instagram = (await ana.get('/api/drafts?channel=instagram')).json();
    expect(instagram.every((d: { channel: string }) => d.channel === 'instagram')).toBe(true);
    expect((await ana.get('/api/drafts')).json().length).toBeGreaterThanOrEqual(2);
    expect((await ana.get('/api/drafts?channel=myspace')).statusCode).toBe(400);
    expect((await ana.post('/api/drafts', { type: 'story' })).statusCode).toBe(400);
  });

  it('queue schedules one hour ahead (no posting slots); re-queue resets it; Publish now is published by the scheduler, in Hookline only', async () => {
    const draft = await create(ana);
    const before = Date.now();
    const queued = (await ana.post(`/api/drafts/${draft.id}/queue`)).json();
    expect(queued.status).toBe('queued');
    const ahead = Date.parse(queued.scheduledAt) - before;
    expect(ahead).toBeGreaterThanOrEqual(QUEUE_OFFSET_MS - 1000);
    expect(ahead).toBeLessThanOrEqual(QUEUE_OFFSET_MS + 5000);

    const requeued = (await ana.post(`/api/drafts/${draft.id}/requeue`)).json();
    expect(requeued.status).toBe('queued');
    expect(Date.parse(requeued.scheduledAt)).toBeGreaterThanOrEqual(Date.parse(queued.scheduledAt));

    const publishStarted = Date.now();
    const publishing = (await ana.post(`/api/drafts/${draft.id}/publish`)).json();
    expect(publishing.status).toBe('publishing');
    const published = await waitFor(async () => {
      const found = (await ana.get('/api/drafts')).json().find((d: { id: string }) => d.id === draft.id);
      return found.status === 'published' ? found : undefined;
    }, 'the draft to be published');
    // Done by the scheduler in this process; no account of the network is connected.
    expect(Date.parse(published.scheduledAt)).toBeGreaterThanOrEqual(publishStarted);
    expect(Date.parse(published.publishedAt)).toBeGreaterThanOrEqual(Date.parse(published.scheduledAt));
    expect(published).toMatchObject({ publishedTo: 'hookline', postUrl: null, failureReason: null });
  });

  it("shows the network's problems of a draft still to be queued, and none once it is published", async () => {
    const draft = await create(ana, { type: 'post', channel: 'twitter', text: 'x'.repeat(300) });
    expect(draft.problems).toEqual([expect.stringMatching(/280/)]);
    await ana.post(`/api/drafts/${draft.id}/publish`);
    const published = await waitFor(async () => {
      const found = (await ana.get(`/api/drafts/${draft.id}`)).json();
      return found.status === 'published' ? found : undefined;
    }, 'the draft to be published');
    // Out is out: in lists and calendars a published post is not checked again.
    expect(published.problems).toEqual([]);
  });

  it('refuses illegal transitions with 409', async () => {
    const draft = await create(ana);
    expect((await ana.post(`/api/drafts/${draft.id}/requeue`)).statusCode).toBe(409);
    await ana.post(`/api/drafts/${draft.id}/publish`);
    for (const action of ['queue', 'requeue', 'publish']) {
      const response = await ana.post(`/api/drafts/${draft.id}/${action}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBeTruthy();
    }
    expect((await ana.patch(`/api/drafts/${draft.id}`, { text: 'changed' })).statusCode).toBe(409);
    // Published drafts still offer Delete.
    expect((await ana.del(`/api/drafts/${draft.id}`)).statusCode).toBe(204);
    expect((await ana.del(`/api/drafts/${draft.id}`)).statusCode).toBe(404);
  });

  it('edits the text of a draft that is not published', async () => {
    const draft = await create(ana);
    const edited = (await ana.patch(`/api/drafts/${draft.id}`, { text: 'Better words', channel: 'linkedin' })).json();
    expect(edited).toMatchObject({ text: 'Better words', channel: 'linkedin' });
    expect((await ana.patch(`/api/drafts/${draft.id}`, {})).statusCode).toBe(400);
  });

  it('attaches an image checked from its bytes, served only to its workspace', async () => {
    const draft = await create(ana);
    const png = await testPng('#00aa66', 40, 30);
    const response = await attachMedia(t, ana, draft.id, png, 'cover shot.png');
    expect(response.statusCode, response.body).toBe(200);
    const attached = response.json().media;
    expect(attached).toMatchObject({ type: 'image/png', name: 'cover shot.png' });
    expect(attached.url.startsWith(`/api/drafts/${draft.id}/media?v=`)).toBe(true);
    // Shown as a picture, never run: the same sandbox as every served file.
    expectServedFile(await ana.get(attached.url), {
      type: 'image/png',
      bytes: png,
      disposition: /^inline; filename="\d+-cover-shot\.png"$/,
    });
    expect((await bo.get(`/api/drafts/${draft.id}/media`)).statusCode).toBe(404);

    const refused = await attachMedia(t, ana, draft.id, Buffer.from('not a picture at all'), 'fake.png');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toBe('Media must be an image (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, MOV, WebM, MKV, MPEG).');
    const tooBig = await attachMedia(t, ana, draft.id, Buffer.alloc(250_000, 1), 'big.mp4', 'video/mp4');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatch(/or smaller/);
  });

  it("keeps workspaces apart: client B cannot see or touch client A's drafts", async () => {
    const draft = await create(ana, { type: 'post', text: 'A secret' });
    expect((await bo.get('/api/drafts')).json().some((d: { id: string }) => d.id === draft.id)).toBe(false);
    for (const [method, url, body] of [
      ['PATCH', `/api/drafts/${draft.id}`, { text: 'hijack' }],
      ['POST', `/api/drafts/${draft.id}/queue`, undefined],
      ['POST', `/api/drafts/${draft.id}/publish`, undefined],
      ['DELETE', `/api/drafts/${draft.id}`, undefined],
    ] as const) {
      expect((await bo.request(method, url, body)).statusCode).toBe(404);
    }
    expect((await ana.get('/api/drafts')).json().find((d: { id: string }) => d.id === draft.id)).toMatchObject({
      text: 'A secret',
      status: 'draft',
    });
  });

  it("never answers one client's list to another, whatever the URL", async () => {
    const draft = await create(ana, { type: 'post', text: 'Only for Ana' });
    for (const url of ['/api/drafts', '/api/drafts?channel=instagram', '/api/drafts?unknown=1']) {
      const [mine, theirs] = [await ana.get(url), await bo.get(url)];
      expect(mine.json().some((d: { id: string }) => d.id === draft.id)).toBe(true);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().some((d: { id: string }) => d.id === draft.id)).toBe(false);
    }
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await t.app.inject({ url: '/api/drafts' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/workspace' })).statusCode).toBe(401);
  });
});

describe('workspace preferences and deletion', () => {
  let t: TestApp;
  let ana: ApiCaller;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await signUpAs(t, 'owner@prefs.test');
  });
  afterAll(() => t?.close());

  it('saves cadence and a time-zone override, and refuses unknown values', async () => {
    const saved = await ana.patch('/api/workspace', { cadence: '3x per week', timeZone: 'Europe/Berlin' });
    expect(saved.json()).toMatchObject({ cadence: '3x per week', timeZone: 'Europe/Berlin' });
    expect((await ana.get('/api/workspace')).json()).toMatchObject({ cadence: '3x per week', timeZone: 'Europe/Berlin' });
    expect((await ana.patch('/api/workspace', { timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await ana.patch('/api/workspace', { cadence: 'Hourly' })).statusCode).toBe(400);
    expect((await ana.patch('/api/workspace', { timeZone: null })).json().timeZone).toBeNull();
  });

  it('deletes the workspace with its drafts only when the exact name is typed, and keeps an audit entry', async () => {
    const workspace = (await ana.get('/api/workspace')).json();
    await ana.post('/api/drafts', { type: 'post', text: 'doomed' });
    const wrong = await ana.del('/api/workspace', { confirmName: workspace.name.toUpperCase() + 'x' });
    expect(wrong.statusCode).toBe(400);
    expect((await ana.get('/api/drafts')).json()).toHaveLength(1);

    expect((await ana.del('/api/workspace', { confirmName: workspace.name })).statusCode).toBe(204);
    expect(await t.db.selectFrom('draft').select('id').where('workspaceId', '=', workspace.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('workspace').select('id').where('id', '=', workspace.id).execute()).toEqual([]);
    const audit = await t.db.selectFrom('timelineEntry').select(['text', 'who']).where('subjectId', '=', workspace.id).execute();
    expect(audit).toContainEqual({ text: `Workspace "${workspace.name}" deleted by its owner`, who: 'owner@prefs.test' });
    // The account stays; the next visit starts an empty workspace.
    const fresh = (await ana.get('/api/workspace')).json();
    expect(fresh.id).not.toBe(workspace.id);
    expect((await ana.get('/api/drafts')).json()).toEqual([]);
  });
});

describe('the admin overview counts published posts', () => {
  it('ranks the client with published drafts first, with its post count', async () => {
    const t = await createTestApp({ FOUNDER_EMAIL: 'boss@posts.test', JOB_POLL_MS: '50' });
    try {
      const boss = await signUpAs(t, 'boss@posts.test');
      const poster = await signUpAs(t, 'poster@posts.test');
      for (let i = 0; i < 2; i += 1) {
        const draft = (await poster.post('/api/drafts', { type: 'post', text: `Post ${i}` })).json();
        await poster.post(`/api/drafts/${draft.id}/publish`);
      }
      const top = await waitFor(async () => {
        const clients = (await boss.get('/api/admin/overview?range=7d')).json().topClients as Array<{ owner: string; posts: number }>;
        return clients[0]?.posts === 2 ? clients : undefined;
      }, 'both drafts to be published and counted');
      expect(top[0]).toMatchObject({ owner: 'poster@posts.test', posts: 2, status: 'active' });
    } finally {
      await t.close();
    }
  });
});

describe('staff and private files', () => {
  it('gives staff no client workspace: the dashboard API answers 403 and no client appears', async () => {
    const t = await createTestApp({ FOUNDER_EMAIL: 'chief@staff.test' });
    try {
      const chief = await signUpAs(t, 'chief@staff.test');
      const drafts = await chief.get('/api/drafts');
      expect(drafts.statusCode).toBe(403);
      expect(drafts.json().error).toBe('Staff accounts have no client workspace. Use the admin console.');
      expect((await chief.get('/api/workspace')).statusCode).toBe(403);
      expect((await chief.get('/api/admin/clients')).json().total).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('does not serve draft media from the public file route', async () => {
    const t = await createTestApp();
    try {
      const owner = await signUpAs(t, 'media@private.test');
      const draft = (await owner.post('/api/drafts', { type: 'post' })).json();
      expect((await attachMedia(t, owner, draft.id, await testPng('#123456'), 'secret.png')).statusCode).toBe(200);
      const row = await t.db.selectFrom('draft').select('mediaKey').where('id', '=', draft.id).executeTakeFirstOrThrow();
      expect(row.mediaKey).toMatch(/^drafts\//);
      expect((await t.app.inject({ url: `/api/files/${row.mediaKey}` })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
