import fs from 'node:fs';
import path from 'node:path';
import type { OAuth2Server, MutableResponse } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAs, type ApiCaller, type HttpMethod } from '../support/admin.ts';
import { connectChannel, startChannelProvider } from '../support/channel-provider.ts';
import { refuseTimelineLinesBy } from '../support/refuse-timeline-lines.ts';
import { createTestApp, sessionCookie, type TestApp } from '../support/test-app.ts';
import { clientTimeline, sendInWorkspace, testPng } from '../support/workspace-caller.ts';

/**
 * Staff's changes in a client's workspace and their lines on the client's timeline are written in
 * one transaction: when the line cannot be written, the change is undone too. A database trigger
 * refuses every line written under one staff account, UNLUCKY, and each change it makes must then
 * leave the workspace as it was; the same change by another staff account goes through, with its line.
 */

const UNLUCKY = 'unlucky@hookline.test';
const LUCKY = 'lucky@hookline.test';

describe("staff's timeline lines in the change's transaction", () => {
  let t: TestApp;
  let idp: OAuth2Server;
  let owner: ApiCaller;
  let unlucky: ApiCaller;
  let lucky: ApiCaller;
  let workspaceId: string;
  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown) =>
    sendInWorkspace(t, workspaceId, caller, method, url, body);
  const lines = async () => (await clientTimeline(t.db, workspaceId)).filter((line) => line.who === LUCKY || line.who === UNLUCKY);
  const connection = (id: string) => t.db.selectFrom('socialConnection').selectAll().where('id', '=', id).executeTakeFirst();
  /** A refused change fails as the database failed: a 500, and nothing of it stays. */
  const expectUndone = (response: { statusCode: number; body: string }) => expect(response.statusCode, response.body).toBe(500);

  beforeAll(async () => {
    const provider = await startChannelProvider();
    idp = provider.server;
    t = await createTestApp({ ...provider.env, SIGNIN_RATE_LIMIT: '100000', RUN_JOBS: 'false' });
    owner = await signUpAs(t, 'owner@lines.test');
    workspaceId = (await owner.get('/api/workspace')).json().id;
    unlucky = await signUpAs(t, UNLUCKY, 'admin');
    lucky = await signUpAs(t, LUCKY, 'admin');
    await refuseTimelineLinesBy(t, UNLUCKY);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('workspace settings stay as they were', async () => {
    expectUndone(await send(unlucky, 'PATCH', '/api/workspace', { requireApproval: true }));
    expect((await owner.get('/api/workspace')).json().requireApproval).toBe(false);
    expect((await send(lucky, 'PATCH', '/api/workspace', { requireApproval: true })).statusCode).toBe(200);
    expect((await owner.get('/api/workspace')).json().requireApproval).toBe(true);
    expect(await lines()).toEqual([{ text: 'Workspace settings changed', who: LUCKY }]);
  });

  it('a channel is neither refreshed nor removed, and one connected at the callback is not stored', async () => {
    const id = await connectChannel(t, idp, owner, 'ownerchannel');
    const before = await connection(id);
    expectUndone(await send(unlucky, 'POST', `/api/social/${id}/refresh`));
    expect((await connection(id))?.accessToken).toBe(before!.accessToken);
    expectUndone(await send(unlucky, 'DELETE', `/api/social/${id}`));
    expect(await connection(id)).toBeDefined();

    idp.service.once('beforeUserinfo', (response: MutableResponse) => {
      response.body = { items: [{ id: 'unlucky', snippet: { title: 'unlucky', customUrl: '@unluckychannel' } }] };
    });
    const start = await t.app.inject({ url: `/api/social/google/auth?workspaceId=${workspaceId}`, headers: { cookie: unlucky.cookie } });
    const back = new URL((await fetch(String(start.headers.location), { redirect: 'manual' })).headers.get('location') ?? '');
    const callback = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${unlucky.cookie}; ${sessionCookie(start.headers['set-cookie'])}` },
    });
    expectUndone(callback);
    const handles = (await t.db.selectFrom('socialConnection').select('handle').where('workspaceId', '=', workspaceId).execute()).map(
      (c) => c.handle,
    );
    expect(handles).toEqual(['@ownerchannel']);

    expect((await send(lucky, 'POST', `/api/social/${id}/refresh`)).statusCode).toBe(200);
    expect((await connection(id))?.accessToken).not.toBe(before!.accessToken);
    expect((await send(lucky, 'DELETE', `/api/social/${id}`)).statusCode).toBe(204);
    expect(await connection(id)).toBeUndefined();
    expect((await lines()).slice(-2)).toEqual([
      { text: 'Channel refreshed: YouTube @ownerchannel', who: LUCKY },
      { text: 'Channel removed: YouTube @ownerchannel', who: LUCKY },
    ]);
  });

  it('a clip job is not cancelled', async () => {
    const now = new Date().toISOString();
    const job = {
      userId: owner.userId,
      workspaceId,
      status: 'queued' as const,
      stage: 'queued',
      params: '{}',
      createdAt: now,
      updatedAt: now,
    };
    await t.db
      .insertInto('clipJob')
      .values([
        { id: 'job-unlucky', ...job },
        { id: 'job-lucky', ...job },
      ])
      .execute();
    const status = async (id: string) =>
      (await t.db.selectFrom('clipJob').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expectUndone(await send(unlucky, 'DELETE', '/api/clipper/jobs/job-unlucky'));
    expect(await status('job-unlucky')).toBe('queued');
    expect((await send(lucky, 'DELETE', '/api/clipper/jobs/job-lucky')).statusCode).toBe(204);
    expect(await status('job-lucky')).toBe('cancelled');
    expect((await lines()).at(-1)).toEqual({ text: 'Clip job cancelled', who: LUCKY });
  });

  it('a file attached to a request is neither listed nor kept in the file store', async () => {
    const opened = await owner.post('/api/requests', { type: 'support', subject: 'Logo files', description: 'See attached' });
    expect(opened.statusCode, opened.body).toBe(201);
    const requestId = opened.json().id as string;
    const url = `/api/requests/${requestId}/attachments`;
    const stored = () => {
      const folder = path.join(t.dataDir, 'files', 'requests', workspaceId, requestId);
      return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    };
    const file = { multipart: [{ name: 'file', file: await testPng(), filename: 'logo.png', type: 'image/png' }] };
    expectUndone(await send(unlucky, 'POST', url, file));
    expect(await t.db.selectFrom('requestAttachment').select('id').execute()).toEqual([]);
    expect(stored()).toEqual([]);
    expect((await send(lucky, 'POST', url, file)).statusCode).toBe(201);
    expect(stored()).toHaveLength(1);
    expect((await lines()).at(-1)).toEqual({ text: 'File attached to a request: logo.png', who: LUCKY });
  });
});
