import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER, type TCreatedApiKey, type TDraft } from '@hookline/shared';
import { API_KEY_NOT_VALID, API_KEY_ROUTES_ONLY } from '../../src/modules/api-keys/authenticate-api-key.ts';
import { assertManagesWorkspace, workspaceOfRequest } from '../../src/modules/workspaces/resolve-workspace.ts';
import { createAdminTestApp, signUpAs, type AdminTestApp, type ApiCaller, type HttpMethod } from '../support/admin.ts';
import { addTeammate, clientTimeline, sendInWorkspace } from '../support/workspace-caller.ts';

/**
 * API keys for automation: a workspace's owner and staff on it create (shown once, stored as a
 * SHA-256) and revoke keys; with a key, a script drafts, edits, queues, schedules, lists and reads
 * drafts in that workspace only, as an editor, each change on the client's timeline under the
 * key's name; every other route refuses a key; each key has its own rate limit.
 */

const MANAGE_KEYS = 'Only the workspace owner or Hookline staff can manage API keys.';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

describe('API keys', () => {
  let a: AdminTestApp;
  let owner: ApiCaller;
  let workspaceId: string;
  let counter = 0;

  /** A call as a script makes it: the key as a bearer, no cookie, no Origin. */
  const withKey = (key: string, method: HttpMethod, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    a.t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const createKey = async (caller: ApiCaller, workspace: string, name: string): Promise<TCreatedApiKey> => {
    const response = await sendInWorkspace(a.t, workspace, caller, 'POST', '/api/workspace/api-keys', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const listKeys = async (caller: ApiCaller, workspace: string) => {
    const response = await sendInWorkspace(a.t, workspace, caller, 'GET', '/api/workspace/api-keys');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().keys as Array<Record<string, unknown>>;
  };
  const newOwner = async () => {
    const caller = await signUpAs(a.t, `owner-${++counter}@keys.test`);
    return { caller, workspaceId: (await caller.get('/api/workspace')).json().id as string };
  };

  beforeAll(async () => {
    a = await createAdminTestApp({ RUN_JOBS: 'false' });
    ({ caller: owner, workspaceId } = await newOwner());
  }, 60_000);
  afterAll(async () => {
    await a?.t.close();
  });

  it('the owner creates a key: its secret is answered once, the list never holds it, the database only its SHA-256', async () => {
    const created = await createKey(owner, workspaceId, '  n8n  ');
    expect(created).toEqual({
      id: expect.any(String),
      name: 'n8n',
      prefix: created.key.slice(0, 12),
      createdBy: owner.email,
      createdAt: expect.any(String),
      lastUsedAt: null,
      key: expect.stringMatching(/^hlk_[A-Za-z0-9_-]{43}$/),
    });

    const listed = await sendInWorkspace(a.t, workspaceId, owner, 'GET', '/api/workspace/api-keys');
    expect(listed.body).not.toContain(created.key.slice(12));
    const { key: _secret, ...item } = created;
    expect(listed.json().keys).toContainEqual(item);

    const row = await a.t.db.selectFrom('apiKey').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
    // Making a key opens the workspace to whoever holds it: written even when the owner made it.
    expect(await clientTimeline(a.t.db, workspaceId)).toContainEqual({
      text: `API key created: “n8n” (${created.prefix}…)`,
      who: owner.email,
    });
  });

  it('holds at most 20 active keys per workspace: each has its own rate limit', async () => {
    const { caller, workspaceId: own } = await newOwner();
    const keys = [];
    for (let i = 0; i < 20; i += 1) keys.push(await createKey(caller, own, `Key ${i}`));
    const refused = await sendInWorkspace(a.t, own, caller, 'POST', '/api/workspace/api-keys', { name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('A workspace can have at most 20 API keys. Revoke one you no longer use first.');
    expect((await sendInWorkspace(a.t, own, caller, 'DELETE', `/api/workspace/api-keys/${keys[0].id}`)).statusCode).toBe(204);
    await createKey(caller, own, 'In its place');
  });

  it('refuses a key name that is empty or longer than 80 characters', async () => {
    for (const [name, error] of [
      ['   ', 'name must not be empty'],
      ['x'.repeat(81), 'name must be at most 80 characters'],
    ]) {
      const response = await sendInWorkspace(a.t, workspaceId, owner, 'POST', '/api/workspace/api-keys', { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(error);
    }
  });

  it("with a key a script creates, edits, queues, schedules, lists and reads drafts, each change on the timeline under the key's name", async () => {
    const { key, prefix } = await createKey(owner, workspaceId, 'Zapier');
    const created = await withKey(key, 'POST', '/api/drafts', { type: 'post', channel: 'linkedin', text: 'Hello from a script' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as TDraft).id;

    const steps: Array<[HttpMethod, string, unknown, Partial<TDraft>]> = [
      ['PATCH', `/api/drafts/${id}`, { text: 'Hello again from a script' }, { text: 'Hello again from a script' }],
      ['POST', `/api/drafts/${id}/queue`, undefined, { status: 'queued' }],
      ['POST', `/api/drafts/${id}/requeue`, undefined, { status: 'queued' }],
      ['POST', `/api/drafts/${id}/unqueue`, undefined, { status: 'draft', scheduledAt: null }],
    ];
    for (const [method, url, body, expected] of steps) {
      const response = await withKey(key, method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject(expected);
    }
    const at = inAnHour();
    const scheduled = await withKey(key, 'POST', `/api/drafts/${id}/schedule`, { at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'queued', scheduledAt: at });
    // Naming its own workspace, as the dashboard does, is the same as naming none.
    const read = await withKey(key, 'GET', `/api/drafts/${id}`, undefined, { [WORKSPACE_HEADER]: workspaceId });
    expect(read.json()).toMatchObject({ id, status: 'queued', scheduledAt: at });
    const listed = await withKey(key, 'GET', '/api/drafts?channel=linkedin');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as TDraft[]).map((draft) => draft.id)).toEqual([id]);
    const published = await withKey(key, 'POST', `/api/drafts/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);

    const via = 'via API key “Zapier”';
    const who = `api-key:${prefix}`;
    expect((await clientTimeline(a.t.db, workspaceId)).filter((line) => line.who === who)).toEqual([
      { text: `${via}: Draft created: Hello from a script`, who },
      { text: `${via}: Draft updated: Hello again from a script`, who },
      { text: `${via}: Draft queued: Hello again from a script`, who },
      { text: `${via}: Draft queued again: Hello again from a script`, who },
      { text: `${via}: Draft taken off the schedule: Hello again from a script`, who },
      { text: `${via}: Draft scheduled for ${at}: Hello again from a script`, who },
      { text: `${via}: Draft sent to publish now: Hello again from a script`, who },
    ]);
    // The owner's own changes stay theirs, as before: no line.
    const before = (await clientTimeline(a.t.db, workspaceId)).length;
    expect((await sendInWorkspace(a.t, workspaceId, owner, 'POST', '/api/drafts', { type: 'post', text: 'By hand' })).statusCode).toBe(201);
    expect(await clientTimeline(a.t.db, workspaceId)).toHaveLength(before);
  });

  it('marks a key used at most once a minute', async () => {
    const { id, key } = await createKey(owner, workspaceId, 'busy script');
    const lastUsed = async () => (await listKeys(owner, workspaceId)).find((item) => item.id === id)?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    expect((await withKey(key, 'GET', '/api/drafts')).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toEqual(expect.any(String));
    for (let i = 0; i < 3; i++) expect((await withKey(key, 'GET', '/api/drafts')).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await a.t.db.updateTable('apiKey').set({ lastUsedAt: twoMinutesAgo }).where('id', '=', id).execute();
    expect((await withKey(key, 'GET', '/api/drafts')).statusCode).toBe(200);
    expect(Date.parse(String(await lastUsed()))).toBeGreaterThan(Date.parse(twoMinutesAgo) + 60_000);
  });

  it('a key works in its own workspace only: another workspace, or its drafts, are as unknown as another client’s', async () => {
    const { key } = await createKey(owner, workspaceId, 'one workspace');
    const other = await newOwner();
    const theirs = await sendInWorkspace(a.t, other.workspaceId, other.caller, 'POST', '/api/drafts', { type: 'post', text: 'Theirs' });
    const theirId = theirs.json().id as string;

    for (const response of [
      await withKey(key, 'GET', '/api/drafts', undefined, { [WORKSPACE_HEADER]: other.workspaceId }),
      await withKey(key, 'POST', '/api/drafts', { type: 'post', text: 'Sneaky' }, { [WORKSPACE_HEADER]: other.workspaceId }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Workspace not found');
    }
    for (const [method, url, body] of [
      ['GET', `/api/drafts/${theirId}`, undefined],
      ['PATCH', `/api/drafts/${theirId}`, { text: 'Changed' }],
      ['POST', `/api/drafts/${theirId}/queue`, undefined],
    ] as const) {
      const response = await withKey(key, method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Draft not found');
    }
    expect((await sendInWorkspace(a.t, other.workspaceId, other.caller, 'GET', `/api/drafts/${theirId}`)).json()).toMatchObject({
      text: 'Theirs',
      status: 'draft',
    });
  });

  it('a key reaches no other route (401): it never approves, changes settings or manages keys', async () => {
    const { key } = await createKey(owner, workspaceId, 'limited');
    const draft = await withKey(key, 'POST', '/api/drafts', { type: 'post', text: 'Needs a person' });
    const id = draft.json().id as string;
    const refused: Array<[HttpMethod, string, unknown]> = [
      ['POST', `/api/drafts/${id}/review`, undefined],
      ['POST', `/api/drafts/${id}/approve`, {}],
      ['POST', `/api/drafts/${id}/comments`, { text: 'Looks good' }],
      ['DELETE', `/api/drafts/${id}`, undefined],
      ['GET', '/api/workspace', undefined],
      ['PATCH', '/api/workspace', { requireApproval: false }],
      ['GET', '/api/workspace/api-keys', undefined],
      ['POST', '/api/workspace/api-keys', { name: 'another' }],
      ['GET', '/api/workspace/members', undefined],
      ['GET', '/api/me', undefined],
    ];
    for (const [method, url, body] of refused) {
      const response = await withKey(key, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toBe(API_KEY_ROUTES_ONLY);
    }
    // The admin console does not take keys either: to it a key is no session.
    expect((await withKey(key, 'GET', '/api/admin/clients')).statusCode).toBe(401);
    expect((await sendInWorkspace(a.t, workspaceId, owner, 'GET', `/api/drafts/${id}`)).json()).toMatchObject({ reviewState: null });
    expect((await listKeys(owner, workspaceId)).map((item) => item.name)).not.toContain('another');
  });

  it("a key's workspace access is editor: were a route opened to keys, the owner's and approvers' rules would still refuse it (403)", async () => {
    const { id, name, prefix } = await createKey(owner, workspaceId, 'editor only');
    const workspace = await workspaceOfRequest(a.t.db, { apiKey: { id, name, prefix, workspaceId }, headers: {} });
    expect(workspace).toMatchObject({ id: workspaceId, access: 'editor' });
    expect(() => assertManagesWorkspace(workspace, 'manage API keys')).toThrow(
      expect.objectContaining({ statusCode: 403, message: MANAGE_KEYS }),
    );
  });

  it('a revoked key stops at once (401), leaves the list, and its revocation is on the timeline', async () => {
    const { id, key, prefix } = await createKey(owner, workspaceId, 'old script');
    expect((await withKey(key, 'GET', '/api/drafts')).statusCode).toBe(200);
    const revoked = await sendInWorkspace(a.t, workspaceId, owner, 'DELETE', `/api/workspace/api-keys/${id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    for (const [method, url, body] of [
      ['GET', '/api/drafts', undefined],
      ['POST', '/api/drafts', { type: 'post', text: 'Too late' }],
    ] as const) {
      const response = await withKey(key, method, url, body);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(API_KEY_NOT_VALID);
    }
    expect((await listKeys(owner, workspaceId)).map((item) => item.id)).not.toContain(id);
    expect(await clientTimeline(a.t.db, workspaceId)).toContainEqual({
      text: `API key revoked: “old script” (${prefix}…)`,
      who: owner.email,
    });
    const again = await sendInWorkspace(a.t, workspaceId, owner, 'DELETE', `/api/workspace/api-keys/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('API key not found');

    // A key nobody made, of the right shape or not, is no better.
    for (const made of [`hlk_${crypto.randomBytes(32).toString('base64url')}`, 'hlk_']) {
      const response = await withKey(made, 'GET', '/api/drafts');
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(API_KEY_NOT_VALID);
    }
  });

  it('teammates neither see nor make nor revoke keys (403); another client cannot reach them (404)', async () => {
    const { id } = await createKey(owner, workspaceId, 'kept');
    for (const role of ['editor', 'approver'] as const) {
      const teammate = await addTeammate(a.t, workspaceId, await signUpAs(a.t, `${role}-${++counter}@keys.test`), role);
      for (const [method, url, body] of [
        ['GET', '/api/workspace/api-keys', undefined],
        ['POST', '/api/workspace/api-keys', { name: 'mine' }],
        ['DELETE', `/api/workspace/api-keys/${id}`, undefined],
      ] as const) {
        const response = await sendInWorkspace(a.t, workspaceId, teammate, method, url, body);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(response.json().error).toBe(MANAGE_KEYS);
      }
    }
    const other = await newOwner();
    const named = await sendInWorkspace(a.t, workspaceId, other.caller, 'GET', '/api/workspace/api-keys');
    expect(named.statusCode).toBe(404);
    const byId = await sendInWorkspace(a.t, other.workspaceId, other.caller, 'DELETE', `/api/workspace/api-keys/${id}`);
    expect(byId.statusCode).toBe(404);
    expect((await listKeys(owner, workspaceId)).map((item) => item.id)).toContain(id);
  });

  it('staff on the client create and revoke its keys, under their own name; an unassigned manager cannot', async () => {
    const client = await newOwner();
    const unassigned = await sendInWorkspace(a.t, client.workspaceId, a.manager, 'POST', '/api/workspace/api-keys', { name: 'agency' });
    expect(unassigned.statusCode).toBe(403);
    expect((await a.admin.post(`/api/admin/clients/${client.workspaceId}/manager`, { email: a.manager.email })).statusCode).toBe(200);

    const created = await createKey(a.manager, client.workspaceId, 'agency');
    expect(created.createdBy).toBe(a.manager.email);
    expect((await listKeys(client.caller, client.workspaceId)).map((item) => item.id)).toEqual([created.id]);
    expect((await withKey(created.key, 'POST', '/api/drafts', { type: 'post', text: 'Agency post' })).statusCode).toBe(201);
    expect((await sendInWorkspace(a.t, client.workspaceId, a.admin, 'DELETE', `/api/workspace/api-keys/${created.id}`)).statusCode).toBe(
      204,
    );
    expect(await clientTimeline(a.t.db, client.workspaceId)).toEqual(
      expect.arrayContaining([
        { text: `API key created: “agency” (${created.prefix}…)`, who: a.manager.email },
        { text: 'via API key “agency”: Draft created: Agency post', who: `api-key:${created.prefix}` },
        { text: `API key revoked: “agency” (${created.prefix}…)`, who: a.admin.email },
      ]),
    );
  });

  it('limits each key to its requests a minute (429 with the rate-limit headers); sessions and other keys are not counted', async () => {
    const limit = a.t.config.API_KEY_RATE_LIMIT;
    const busy = await createKey(owner, workspaceId, 'flood');
    const calm = await createKey(owner, workspaceId, 'calm');
    for (let sent = 0; sent < limit; sent += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, limit - sent) }, () => withKey(busy.key, 'GET', '/api/drafts')));
      expect(batch.map((response) => response.statusCode)).toEqual(batch.map(() => 200));
    }
    const over = await withKey(busy.key, 'GET', '/api/drafts');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(
      new RegExp(`^This API key made more than ${limit} requests in a minute\\. Try again in \\d+ seconds\\.$`),
    );
    expect(over.headers).toMatchObject({
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': '0',
      'retry-after': expect.any(String),
    });

    const other = await withKey(calm.key, 'GET', '/api/drafts');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(limit - 1));
    const session = await sendInWorkspace(a.t, workspaceId, owner, 'GET', '/api/drafts');
    expect(session.statusCode).toBe(200);
    expect(session.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('the OpenAPI document shows the bearer scheme on the routes that take keys, and on no other', async () => {
    const document = (await a.t.app.inject({ url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security;
    const keyed = [
      ['/api/drafts', 'get'],
      ['/api/drafts', 'post'],
      ['/api/drafts/{id}', 'get'],
      ['/api/drafts/{id}', 'patch'],
      ['/api/drafts/{id}/queue', 'post'],
      ['/api/drafts/{id}/requeue', 'post'],
      ['/api/drafts/{id}/unqueue', 'post'],
      ['/api/drafts/{id}/schedule', 'post'],
      ['/api/drafts/{id}/publish', 'post'],
    ];
    for (const [path, method] of keyed) expect(security(path, method), `${method} ${path}`).toEqual([{ apiKey: [] }]);
    for (const [path, method] of [
      ['/api/drafts/{id}/approve', 'post'],
      ['/api/drafts/{id}', 'delete'],
      ['/api/workspace/api-keys', 'post'],
    ]) {
      expect(security(path, method), `${method} ${path}`).toBeUndefined();
    }
  });
});
