import fs from 'node:fs';
import type { OAuth2Server, MutableResponse } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_HAVE_NO_WORKSPACE } from '../../src/modules/workspaces/workspace-of-user.ts';
import { apiCaller, signUpAs, type ApiCaller, type HttpMethod } from '../support/admin.ts';
import { startChannelProvider } from '../support/channel-provider.ts';
import { createTestApp, sessionCookie, type TestApp } from '../support/test-app.ts';
import { clientTimeline, sendInWorkspace } from '../support/workspace-caller.ts';
import { makeTestVideo } from '../clipper/make-test-video.ts';

/**
 * Staff work inside a client's workspace by naming it in the workspace header: its owner acts as
 * owner, admins and founders as staff, a manager only where assigned; another client learns
 * nothing (404). What staff change there goes on the client's timeline under their email.
 */

// Every workspace route × every kind of caller (teammates too) is in security/workspace-roles-matrix.test.ts.
type CallerName = 'anonymous' | 'owner' | 'otherClient' | 'assignedManager' | 'unassignedManager' | 'admin' | 'founder';

describe('staff inside a client workspace (the workspace header)', () => {
  let t: TestApp;
  let idp: OAuth2Server;
  let video: Buffer;
  let callers: Record<CallerName, ApiCaller>;
  /** The owner's workspace, the one every call below names. */
  let workspaceId: string;
  let counter = 0;
  const uniq = () => `w${++counter}`;

  /** A call naming a workspace in the header (clientA's unless told), as the dashboard sends it. */
  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown, workspace: string | null = workspaceId) =>
    sendInWorkspace(t, workspace, caller, method, url, body);
  const timeline = () => clientTimeline(t.db, workspaceId);
  const newDraft = async (text = 'Owner draft') => {
    const created = await callers.owner.post('/api/drafts', { type: 'post', text });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const startClipJob = (caller: ApiCaller, workspace: string | null = workspaceId) =>
    send(
      caller,
      'POST',
      '/api/process',
      {
        multipart: [
          { name: 'async', value: 'true' },
          { name: 'video_file', file: video, filename: 'talk.mp4', type: 'video/mp4' },
        ],
      },
      workspace,
    );
  /** Connects a channel through the whole OAuth flow, started with the workspace named in the query. */
  const connectInWorkspace = async (caller: ApiCaller, channelId: string, workspace: string) => {
    idp.service.once('beforeUserinfo', (response: MutableResponse) => {
      response.body = { items: [{ id: channelId, snippet: { title: channelId, customUrl: `@${channelId}` } }] };
    });
    const start = await t.app.inject({ url: `/api/social/google/auth?workspaceId=${workspace}`, headers: { cookie: caller.cookie } });
    expect(start.statusCode, start.body).toBe(302);
    const authorized = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(authorized.headers.get('location') ?? '');
    return t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${caller.cookie}; ${sessionCookie(start.headers['set-cookie'])}` },
    });
  };

  beforeAll(async () => {
    const provider = await startChannelProvider();
    idp = provider.server;
    video = fs.readFileSync((await makeTestVideo()).mp4);
    t = await createTestApp({ FOUNDER_EMAIL: 'founder@access.test', SIGNIN_RATE_LIMIT: '100000', JOB_POLL_MS: '50', ...provider.env });
    callers = {
      anonymous: apiCaller(t),
      owner: await signUpAs(t, 'owner@access.test'),
      otherClient: await signUpAs(t, 'other@access.test'),
      assignedManager: await signUpAs(t, 'assigned@access.test', 'manager'),
      unassignedManager: await signUpAs(t, 'unassigned@access.test', 'manager'),
      admin: await signUpAs(t, 'admin@access.test', 'admin'),
      founder: await signUpAs(t, 'founder@access.test'),
    };
    workspaceId = (await callers.owner.get('/api/workspace')).json().id;
    const assigned = await callers.founder.post(`/api/admin/clients/${workspaceId}/manager`, { email: 'assigned@access.test' });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('the owner works in their workspace with or without the header; staff without it have none (403)', async () => {
    const plain = await callers.owner.get('/api/workspace');
    expect(plain.json()).toMatchObject({ id: workspaceId, owner: 'owner@access.test', access: 'owner' });
    const named = await send(callers.owner, 'GET', '/api/workspace');
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual(plain.json());
    for (const staff of ['assignedManager', 'admin', 'founder'] as const) {
      const response = await callers[staff].get('/api/drafts');
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(STAFF_HAVE_NO_WORKSPACE);
    }
  });

  it('staff get the workspace with access "staff"; another client gets 404, an unassigned manager 403', async () => {
    for (const staff of ['assignedManager', 'admin', 'founder'] as const) {
      const response = await send(callers[staff], 'GET', '/api/workspace');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: workspaceId, owner: 'owner@access.test', access: 'staff' });
    }
    const other = await send(callers.otherClient, 'GET', '/api/workspace');
    expect([other.statusCode, other.json().error]).toEqual([404, 'Workspace not found']);
    const unassigned = await send(callers.unassignedManager, 'GET', '/api/drafts');
    expect([unassigned.statusCode, unassigned.json().error]).toEqual([403, 'You are not assigned to this client.']);
    const unknown = await send(callers.admin, 'GET', '/api/workspace', undefined, '01890000-0000-7000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Workspace not found']);
  });

  it('a header that is no workspace id is a 400 naming it, on every kind of route', async () => {
    for (const bad of ['nope', `${'a'.repeat(36)}-and-more`, "' or 1=1 --"]) {
      for (const [method, url] of [
        ['GET', '/api/workspace'],
        ['GET', '/api/drafts'],
        ['GET', '/api/social/connections'],
      ] as const) {
        const response = await send(callers.admin, method, url, undefined, bad);
        expect(response.statusCode, `${url} ${bad}`).toBe(400);
        expect(response.json().error).toMatch(/^x-workspace-id: must be a workspace id/);
      }
      const clip = await startClipJob(callers.owner, bad);
      expect(clip.statusCode).toBe(400);
      expect(clip.json().detail).toMatch(/x-workspace-id/);
    }
  });

  it('an assigned manager drafts and changes settings there; the owner sees it, the timeline names the manager', async () => {
    const manager = callers.assignedManager;
    const created = await send(manager, 'POST', '/api/drafts', { type: 'post', text: 'Spring menu teaser for the bakery' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(((await callers.owner.get('/api/drafts')).json() as Array<{ id: string }>).map((d) => d.id)).toContain(id);
    const read = await send(manager, 'GET', '/api/drafts');
    expect((read.json() as Array<{ id: string }>).map((d) => d.id)).toContain(id);
    const settings = await send(manager, 'PATCH', '/api/workspace', { cadence: 'Weekly' });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ cadence: 'Weekly', access: 'staff' });
    expect((await callers.owner.get('/api/workspace')).json().cadence).toBe('Weekly');

    expect(await timeline()).toEqual(
      expect.arrayContaining([
        { text: 'Draft created: Spring menu teaser for the bakery', who: 'assigned@access.test' },
        { text: 'Workspace settings changed', who: 'assigned@access.test' },
      ]),
    );
    // The owner's own changes are not written.
    const before = (await timeline()).length;
    await newDraft('The owner writes this one');
    await callers.owner.patch('/api/workspace', { cadence: 'Daily' });
    expect(await timeline()).toHaveLength(before);
  });

  it('only the owner deletes the workspace: staff get 403, with the header or not', async () => {
    for (const staff of ['assignedManager', 'admin', 'founder'] as const) {
      const response = await send(callers[staff], 'DELETE', '/api/workspace', { confirmName: 'owner@access.test' });
      expect([response.statusCode, response.json().error]).toEqual([403, 'Only the owner can delete this workspace.']);
    }
    const owner = await signUpAs(t, `${uniq()}@delete.access.test`);
    const own = (await owner.get('/api/workspace')).json();
    const deleted = await send(owner, 'DELETE', '/api/workspace', { confirmName: own.name }, own.id);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('GET /api/workspaces lists what each caller may open, searched by name or owner email', async () => {
    const list = async (caller: ApiCaller, query = '') => {
      const response = await caller.get(`/api/workspaces${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().workspaces as Array<{ id: string; owner: string; access: string }>;
    };
    expect(await list(callers.owner)).toEqual([{ id: workspaceId, name: expect.any(String), owner: 'owner@access.test', access: 'owner' }]);
    expect((await list(callers.otherClient)).map((w) => w.owner)).toEqual(['other@access.test']);
    expect(await list(callers.assignedManager)).toEqual([expect.objectContaining({ id: workspaceId, access: 'staff' })]);
    expect(await list(callers.unassignedManager)).toEqual([]);
    for (const staff of ['admin', 'founder'] as const) {
      const all = await list(callers[staff]);
      expect(all.map((w) => w.owner)).toEqual(expect.arrayContaining(['owner@access.test', 'other@access.test']));
      expect(all.every((w) => w.access === 'staff')).toBe(true);
      expect((await list(callers[staff], '?search=OWNER@ACCESS')).map((w) => w.id)).toEqual([workspaceId]);
      expect(await list(callers[staff], '?search=zzz-nothing')).toEqual([]);
      expect(await list(callers[staff], '?limit=1')).toHaveLength(1);
    }
    expect(await list(callers.assignedManager, '?search=other')).toEqual([]);
    expect((await callers.admin.get('/api/workspaces?limit=0')).statusCode).toBe(400);
    expect((await callers.anonymous.get('/api/workspaces')).statusCode).toBe(401);
  });

  it('a channel connected by staff in the workspace lands there; without a workspace staff are sent back with the reason', async () => {
    const callback = await connectInWorkspace(callers.assignedManager, 'staffchannel', workspaceId);
    expect(String(callback.headers.location)).toContain('connected=google');
    const owned = (await callers.owner.get('/api/social/connections')).json() as Array<{ id: string; handle: string }>;
    const connection = owned.find((c) => c.handle === '@staffchannel');
    expect(connection).toBeDefined();
    expect(await timeline()).toContainEqual({ text: 'Channel connected: YouTube @staffchannel', who: 'assigned@access.test' });

    const removed = await send(callers.admin, 'DELETE', `/api/social/${connection!.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await timeline()).toContainEqual({ text: 'Channel removed: YouTube @staffchannel', who: 'admin@access.test' });

    for (const [caller, query, reason] of [
      [callers.admin, '', STAFF_HAVE_NO_WORKSPACE],
      [callers.unassignedManager, `?workspaceId=${workspaceId}`, 'You are not assigned to this client.'],
      [callers.otherClient, `?workspaceId=${workspaceId}`, 'Workspace not found'],
    ] as const) {
      const start = await t.app.inject({ url: `/api/social/google/auth${query}`, headers: { cookie: caller.cookie } });
      expect(start.statusCode).toBe(302);
      expect(new URL(String(start.headers.location), 'http://x').searchParams.get('channelError')).toBe(reason);
      expect(start.headers['set-cookie']).toBeUndefined();
    }
    const bad = await t.app.inject({ url: '/api/social/google/auth?workspaceId=nope', headers: { cookie: callers.admin.cookie } });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'workspaceId: must be a workspace id']);
  });

  it('a manager unassigned between the start and the callback connects nothing', async () => {
    const manager = await signUpAs(t, `${uniq()}@managers.access.test`, 'manager');
    await callers.founder.post(`/api/admin/clients/${workspaceId}/manager`, { email: manager.email });
    idp.service.once('beforeUserinfo', (response: MutableResponse) => {
      response.body = { items: [{ id: 'late', snippet: { title: 'late', customUrl: '@late' } }] };
    });
    const start = await t.app.inject({ url: `/api/social/google/auth?workspaceId=${workspaceId}`, headers: { cookie: manager.cookie } });
    expect(start.statusCode).toBe(302);
    await callers.founder.del(`/api/admin/clients/${workspaceId}/manager`, { email: manager.email });
    const authorized = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(authorized.headers.get('location') ?? '');
    const callback = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${manager.cookie}; ${sessionCookie(start.headers['set-cookie'])}` },
    });
    expect(new URL(String(callback.headers.location), 'http://x').searchParams.get('channelError')).toBe(
      'You are not assigned to this client.',
    );
    expect(((await callers.owner.get('/api/social/connections')).json() as Array<{ handle: string }>).map((c) => c.handle)).not.toContain(
      '@late',
    );
  });

  it('a clip job started by staff in the workspace belongs to it: the owner follows it, another client cannot', async () => {
    const started = await startClipJob(callers.assignedManager);
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json().job_id as string;
    expect((await callers.owner.get(`/api/clipper/jobs/${jobId}`)).statusCode).toBe(200);
    expect((await callers.founder.get(`/api/clipper/jobs/${jobId}`)).statusCode).toBe(200);
    const other = await callers.otherClient.get(`/api/clipper/jobs/${jobId}`);
    expect([other.statusCode, other.json().detail]).toEqual([404, 'Clip job not found (it may have expired).']);
    // Found by its id alone, it is as unknown to an unassigned manager as to another client.
    expect((await callers.unassignedManager.get(`/api/clipper/jobs/${jobId}`)).statusCode).toBe(404);
    expect(await timeline()).toContainEqual({ text: 'Clip job started', who: 'assigned@access.test' });
    expect((await callers.owner.del(`/api/clipper/jobs/${jobId}`)).statusCode).toBe(204);
    // Started without the header, a staff member's job is theirs alone.
    const own = await startClipJob(callers.admin, null);
    expect(own.statusCode, own.body).toBe(202);
    expect((await callers.founder.get(`/api/clipper/jobs/${own.json().job_id}`)).statusCode).toBe(404);
    expect((await callers.admin.del(`/api/clipper/jobs/${own.json().job_id}`)).statusCode).toBe(204);
  });
});
