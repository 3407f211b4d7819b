import fs from 'node:fs';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { apiCaller, signUpAs, type ApiCaller, type HttpMethod } from '../../support/admin.ts';
import { connectChannel, startChannelProvider } from '../../support/channel-provider.ts';
import { startSmtpServer, type FakeSmtpServer } from '../../support/mail.ts';
import { startStubBluesky } from '../../support/stub-bluesky.ts';
import { collectRoutes, routeKey, type RegisteredRoute } from '../../support/route-list.ts';
import { createTestApp, ORIGIN, type TestApp } from '../../support/test-app.ts';
import { addTeammate, sendInWorkspace, testPng } from '../../support/workspace-caller.ts';
import { makeTestVideo } from '../../clipper/make-test-video.ts';

/**
 * Every workspace route × every kind of caller a client's workspace can have: its owner, the
 * teammates the owner invited (an editor, an approver), another client, a manager assigned to the
 * client and one who is not, an admin, a founder, and nobody. Each cell is the one status that caller
 * gets; a denied call changes nothing, and what staff change is written to the client's timeline
 * under their email. Then the review link: its token opens its own drafts only, until it expires or
 * is revoked.
 */

const CALLERS = [
  'anonymous',
  'owner',
  'editor',
  'approver',
  'otherClient',
  'assignedManager',
  'unassignedManager',
  'admin',
  'founder',
] as const;
type CallerName = (typeof CALLERS)[number];
const STAFF = new Set<CallerName>(['assignedManager', 'admin', 'founder']);

/**
 * Who may make the call: everyone with access to the workspace; its managers (owner and staff: the
 * settings, channels and team); its approvers (owner and approver teammates: approval is the
 * client's word, never staff's); staff only (review links); the owner only (deleting it).
 */
type Who = 'anyAccess' | 'managers' | 'approvers' | 'staffOnly' | 'ownerOnly';
const MAY: Record<Who, ReadonlySet<CallerName>> = {
  anyAccess: new Set(['owner', 'editor', 'approver', 'assignedManager', 'admin', 'founder']),
  managers: new Set(['owner', 'assignedManager', 'admin', 'founder']),
  approvers: new Set(['owner', 'approver']),
  staffOnly: new Set(['assignedManager', 'admin', 'founder']),
  ownerOnly: new Set(['owner']),
};

describe('workspace routes × owner, teammates, other client, staff and nobody', () => {
  let t: TestApp;
  let idp: OAuth2Server;
  let bluesky: Awaited<ReturnType<typeof startStubBluesky>>;
  let smtp: FakeSmtpServer;
  let video: Buffer;
  let routes: RegisteredRoute[];
  let callers: Record<CallerName, ApiCaller>;
  let workspaceId: string;
  let counter = 0;
  const uniq = () => `r${++counter}`;

  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown, workspace: string | null = workspaceId) =>
    sendInWorkspace(t, workspace, caller, method, url, body);
  /** The owner's call, which must succeed: fixtures are made through the API, as users make them. */
  const ownerCall = async (method: HttpMethod, url: string, body?: unknown, status = 200) => {
    const response = await send(callers.owner, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
  const staffEntries = (who: string) =>
    t.db
      .selectFrom('timelineEntry')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subjectType', '=', 'client')
      .where('subjectId', '=', workspaceId)
      .where('who', '=', who)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const COUNTED = [
    'draft',
    'draftComment',
    'reviewLink',
    'workspaceMember',
    'invitation',
    'request',
    'requestAttachment',
    'socialConnection',
    'clipJob',
    'timelineEntry',
  ] as const;
  /**
   * The rows of every table, once the app's scheduler has published what an allowed Publish now
   * sent it (it writes its own timeline line a moment after the call), so that only the call
   * under test can change them.
   */
  const counts = async () => {
    await expect
      .poll(async () => (await t.db.selectFrom('draft').select('id').where('status', '=', 'publishing').execute()).length, {
        timeout: 10_000,
      })
      .toBe(0);
    return (
      await sql<Record<string, number | string>>`select ${sql.join(
        COUNTED.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`),
      )}`.execute(t.db)
    ).rows[0];
  };

  /** A client account made a teammate of the owner's workspace, as an accepted invitation leaves it. */
  const teammateOf = async (email: string, role: 'editor' | 'approver') => addTeammate(t, workspaceId, await signUpAs(t, email), role);

  // Fixtures, each made fresh for a cell.
  const media = async () => ({ multipart: [{ name: 'file', file: await testPng('#36c'), filename: 'pic.png', type: 'image/png' }] });
  const newDraft = async () => (await ownerCall('POST', '/api/drafts', { type: 'post', text: `Matrix draft ${uniq()}` }, 201)).id as string;
  const queuedDraft = async () => {
    const id = await newDraft();
    await ownerCall('POST', `/api/drafts/${id}/queue`);
    return id;
  };
  const draftInReview = async () => {
    const id = await newDraft();
    await ownerCall('POST', `/api/drafts/${id}/review`);
    return id;
  };
  const mediaDraft = async () => {
    const id = await newDraft();
    await ownerCall('POST', `/api/drafts/${id}/media`, await media());
    return id;
  };
  const invitation = async () =>
    (await ownerCall('POST', '/api/workspace/members/invitations', { email: `${uniq()}@invited.roles.test`, role: 'editor' }, 201))
      .id as string;
  const apiKey = async () => (await ownerCall('POST', '/api/workspace/api-keys', { name: `Matrix ${uniq()}` }, 201)).id as string;
  const teammate = async () => (await teammateOf(`${uniq()}@teammates.roles.test`, 'editor')).userId;
  const reviewLink = async () => {
    const link = await send(callers.admin, 'POST', '/api/review-links', {
      draftIds: [await newDraft()],
      email: `${uniq()}@reviewers.roles.test`,
    });
    expect(link.statusCode, link.body).toBe(201);
    return link.json().id as string;
  };
  const clientRequest = async () =>
    (await ownerCall('POST', '/api/requests', { type: 'support', subject: `Help ${uniq()}`, description: 'Please' }, 201)).id as string;
  const attachment = async () => {
    const requestId = await clientRequest();
    const added = await ownerCall('POST', `/api/requests/${requestId}/attachments`, await media(), 201);
    return `${requestId}/attachments/${added.id as string}`;
  };
  const connection = () => connectChannel(t, idp, callers.owner, uniq());
  let lastJob: string | null = null;
  /** The owner's clip job; the one before is cancelled first (an account may run only two at once). */
  const clipJob = async () => {
    if (lastJob) await callers.owner.del(`/api/clipper/jobs/${lastJob}`);
    lastJob = (await ownerCall('POST', '/api/process', clipUpload(), 202)).job_id as string;
    return lastJob;
  };
  const clipUpload = () => ({
    multipart: [
      { name: 'async', value: 'true' },
      { name: 'video_file', file: video, filename: 'talk.mp4', type: 'video/mp4' },
    ],
  });

  interface Row {
    method: HttpMethod;
    url: string;
    /** Sent after the URL, which stays as Fastify registered it. */
    query?: string;
    who: Who;
    ok: number;
    /** Found by its own id, without the header (what an <img> or EventSource fetches): unknown to an unassigned manager. */
    byResource?: true;
    /** Makes the resource `:id` names (for a route with more than one, the path after the first segment). */
    resource?: () => Promise<string>;
    body?: () => Promise<unknown> | unknown;
    after?: (response: LightMyRequestResponse) => Promise<void>;
  }
  const ROWS: Row[] = [
    { method: 'GET', url: '/api/workspace', who: 'anyAccess', ok: 200 },
    { method: 'PATCH', url: '/api/workspace', who: 'managers', ok: 200, body: () => ({ timeZone: null }) },
    { method: 'GET', url: '/api/workspace/members', who: 'anyAccess', ok: 200 },
    {
      method: 'POST',
      url: '/api/workspace/members/invitations',
      who: 'managers',
      ok: 201,
      body: () => ({ email: `${uniq()}@invited.roles.test`, role: 'approver' }),
    },
    { method: 'DELETE', url: '/api/workspace/members/invitations/:id', who: 'managers', ok: 204, resource: invitation },
    {
      method: 'PATCH',
      url: '/api/workspace/members/:userId',
      who: 'managers',
      ok: 200,
      resource: teammate,
      body: () => ({ role: 'approver' }),
    },
    { method: 'DELETE', url: '/api/workspace/members/:userId', who: 'managers', ok: 204, resource: teammate },

    { method: 'GET', url: '/api/drafts', who: 'anyAccess', ok: 200 },
    { method: 'POST', url: '/api/drafts', who: 'anyAccess', ok: 201, body: () => ({ type: 'reel', text: 'matrix' }) },
    { method: 'PATCH', url: '/api/drafts/:id', who: 'anyAccess', ok: 200, resource: newDraft, body: () => ({ text: 'edited' }) },
    { method: 'DELETE', url: '/api/drafts/:id', who: 'anyAccess', ok: 204, resource: newDraft },
    { method: 'POST', url: '/api/drafts/:id/queue', who: 'anyAccess', ok: 200, resource: newDraft },
    { method: 'POST', url: '/api/drafts/:id/requeue', who: 'anyAccess', ok: 200, resource: queuedDraft },
    { method: 'POST', url: '/api/drafts/:id/publish', who: 'anyAccess', ok: 200, resource: newDraft },
    { method: 'GET', url: '/api/drafts/:id', who: 'anyAccess', ok: 200, resource: newDraft },
    { method: 'POST', url: '/api/drafts/:id/unqueue', who: 'anyAccess', ok: 200, resource: queuedDraft },
    {
      method: 'POST',
      url: '/api/drafts/:id/duplicate',
      who: 'anyAccess',
      ok: 201,
      resource: newDraft,
      body: () => ({ to: [{ channel: 'linkedin' }] }),
    },
    {
      method: 'POST',
      url: '/api/drafts/:id/schedule',
      who: 'anyAccess',
      ok: 200,
      resource: newDraft,
      body: () => ({ at: new Date(Date.now() + 86_400_000).toISOString() }),
    },
    { method: 'GET', url: '/api/workspace/posting-slots', who: 'anyAccess', ok: 200 },
    { method: 'GET', url: '/api/calendar', query: '?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z', who: 'anyAccess', ok: 200 },
    { method: 'GET', url: '/api/workspace/api-keys', who: 'managers', ok: 200 },
    { method: 'POST', url: '/api/workspace/api-keys', who: 'managers', ok: 201, body: () => ({ name: `Script ${uniq()}` }) },
    { method: 'DELETE', url: '/api/workspace/api-keys/:id', who: 'managers', ok: 204, resource: apiKey },
    {
      method: 'PUT',
      url: '/api/workspace/posting-slots',
      who: 'managers',
      ok: 200,
      body: () => ({ slots: [{ weekday: 3, time: '10:00' }] }),
    },
    { method: 'POST', url: '/api/drafts/:id/media', who: 'anyAccess', ok: 200, resource: newDraft, body: media },
    { method: 'GET', url: '/api/drafts/:id/media', who: 'anyAccess', ok: 200, resource: mediaDraft, byResource: true },
    { method: 'POST', url: '/api/drafts/:id/review', who: 'anyAccess', ok: 200, resource: newDraft },
    { method: 'POST', url: '/api/drafts/:id/approve', who: 'approvers', ok: 200, resource: draftInReview },
    {
      method: 'POST',
      url: '/api/drafts/:id/request-changes',
      who: 'approvers',
      ok: 200,
      resource: draftInReview,
      body: () => ({ comment: 'A warmer opening line, please' }),
    },
    { method: 'GET', url: '/api/drafts/:id/comments', who: 'anyAccess', ok: 200, resource: newDraft },
    {
      method: 'POST',
      url: '/api/drafts/:id/comments',
      who: 'anyAccess',
      ok: 201,
      resource: newDraft,
      body: () => ({ text: 'Looks good' }),
    },

    { method: 'GET', url: '/api/review-links', who: 'staffOnly', ok: 200 },
    {
      method: 'POST',
      url: '/api/review-links',
      who: 'staffOnly',
      ok: 201,
      body: async () => ({ draftIds: [await newDraft()], email: `${uniq()}@reviewers.roles.test` }),
    },
    { method: 'POST', url: '/api/review-links/:id/revoke', who: 'staffOnly', ok: 200, resource: reviewLink },

    { method: 'GET', url: '/api/requests', who: 'anyAccess', ok: 200 },
    {
      method: 'POST',
      url: '/api/requests',
      who: 'anyAccess',
      ok: 201,
      body: () => ({ type: 'content_brief', subject: `Brief ${uniq()}`, description: 'Three posts about the spring menu' }),
    },
    { method: 'GET', url: '/api/requests/:id', who: 'anyAccess', ok: 200, resource: clientRequest },
    { method: 'POST', url: '/api/requests/:id/attachments', who: 'anyAccess', ok: 201, resource: clientRequest, body: media },
    {
      method: 'GET',
      url: '/api/requests/:id/attachments/:attachmentId',
      who: 'anyAccess',
      ok: 200,
      resource: attachment,
      byResource: true,
    },

    { method: 'GET', url: '/api/social/connections', who: 'anyAccess', ok: 200 },
    { method: 'DELETE', url: '/api/social/:id', who: 'managers', ok: 204, resource: connection },
    { method: 'POST', url: '/api/social/:id/refresh', who: 'managers', ok: 200, resource: connection },
    // Past the gate, the stub Bluesky signs the account in.
    {
      method: 'POST',
      url: '/api/social/bluesky/connect',
      who: 'managers',
      ok: 201,
      body: () => ({ identifier: 'someone.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' }),
    },

    {
      method: 'POST',
      url: '/api/process',
      who: 'anyAccess',
      ok: 202,
      body: clipUpload,
      after: async (response) => {
        expect((await callers.owner.del(`/api/clipper/jobs/${response.json().job_id}`)).statusCode).toBe(204);
      },
    },
    { method: 'GET', url: '/api/clipper/jobs/:id', who: 'anyAccess', ok: 200, resource: clipJob, byResource: true },
    { method: 'DELETE', url: '/api/clipper/jobs/:id', who: 'anyAccess', ok: 204, resource: clipJob, byResource: true },
  ];
  /** Deleting the workspace is its own row, checked last: the owner's allowed call ends the workspace. */
  const DELETE_ROW: Row = { method: 'DELETE', url: '/api/workspace', who: 'ownerOnly', ok: 204 };

  const cellOf = (row: Row, name: CallerName): number => {
    if (name === 'anonymous') return 401;
    if (MAY[row.who].has(name)) return row.ok;
    // Another client learns nothing about the workspace; an unassigned manager is told, unless the
    // resource was found by its id alone (then it is as unknown as to another client).
    if (name === 'otherClient') return 404;
    if (name === 'unassignedManager') return row.byResource ? 404 : 403;
    return 403;
  };
  const fill = (row: Row, id: string) => {
    const [first, ...rest] = id.split('/');
    const path = row.url.replace(/:(id|userId)/, first);
    return rest.length ? path.replace(/\/attachments\/:attachmentId$/, `/${rest.join('/')}`) : path;
  };

  beforeAll(async () => {
    const provider = await startChannelProvider();
    idp = provider.server;
    bluesky = await startStubBluesky();
    smtp = await startSmtpServer();
    video = fs.readFileSync((await makeTestVideo()).mp4);
    ({ result: t, routes } = await collectRoutes(() =>
      createTestApp({
        FOUNDER_EMAIL: 'founder@roles.test',
        SIGNIN_RATE_LIMIT: '100000',
        JOB_POLL_MS: '50',
        SMTP_URL: smtp.url,
        CHANNEL_BLUESKY_SERVICE_URL: bluesky.url,
        CHANNEL_ALLOW_PRIVATE_INSTANCES: 'true',
        ...provider.env,
      }),
    ));
    const owner = await signUpAs(t, 'owner@roles.test');
    workspaceId = (await owner.get('/api/workspace')).json().id;
    callers = {
      anonymous: apiCaller(t),
      owner,
      editor: await teammateOf('editor@roles.test', 'editor'),
      approver: await teammateOf('approver@roles.test', 'approver'),
      otherClient: await signUpAs(t, 'other@roles.test'),
      assignedManager: await signUpAs(t, 'assigned@roles.test', 'manager'),
      unassignedManager: await signUpAs(t, 'unassigned@roles.test', 'manager'),
      admin: await signUpAs(t, 'admin@roles.test', 'admin'),
      founder: await signUpAs(t, 'founder@roles.test'),
    };
    const assigned = await callers.founder.post(`/api/admin/clients/${workspaceId}/manager`, { email: 'assigned@roles.test' });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await idp?.stop();
    await smtp?.close();
    await bluesky?.close();
  });

  it('lists every route that acts on a workspace: those taking the workspace header, and those found by a workspace resource', () => {
    const listed = new Set([...ROWS, DELETE_ROW].map((row) => routeKey(row.method, row.url)));
    const headerRoutes = routes.filter((route) => {
      const headers = (route.options.schema as { headers?: { shape?: Record<string, unknown> } } | undefined)?.headers;
      return Boolean(headers?.shape && WORKSPACE_HEADER in headers.shape);
    });
    expect(headerRoutes.length).toBeGreaterThan(20);
    expect(headerRoutes.map((route) => routeKey(route.method, route.url)).filter((key) => !listed.has(key))).toEqual([]);
  });

  const check = async (row: Row, order: readonly CallerName[]) => {
    for (const name of order) {
      const want = cellOf(row, name);
      const caller = callers[name];
      const url = (row.resource ? fill(row, await row.resource()) : row.url) + (row.query ?? '');
      const body = await row.body?.();
      const before = await counts();
      const written = STAFF.has(name) ? await staffEntries(caller.email) : 0;
      // Found by its own id, the resource decides: no header is sent, as a browser sends none.
      const response = await send(caller, row.method, url, body, row.byResource ? null : workspaceId);
      const where = `${name} ${row.method} ${url}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, where).toBe(want);
      if (want >= 400) {
        expect(await counts(), `${where}: a denied call changed something`).toEqual(before);
        continue;
      }
      if (STAFF.has(name) && row.method !== 'GET') {
        expect(await staffEntries(caller.email), `${where}: the client's timeline names the staff member`).toBeGreaterThan(written);
      }
      await row.after?.(response);
    }
  };

  for (const row of ROWS) {
    it(`${row.method} ${row.url}: ${row.who}`, { timeout: 120_000 }, () => check(row, CALLERS));
  }

  it('DELETE /api/workspace: the owner only, and last', { timeout: 60_000 }, async () => {
    const others = CALLERS.filter((name) => name !== 'owner');
    await check({ ...DELETE_ROW, body: () => ({ confirmName: 'owner@roles.test' }) }, others);
    const name = (await callers.owner.get('/api/workspace')).json().name as string;
    await check({ ...DELETE_ROW, body: () => ({ confirmName: name }) }, ['owner']);
  });
});

describe('a review link opens its own drafts, until it expires or is revoked', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let admin: ApiCaller;
  let workspaceId: string;
  const anonymous = () => apiCaller(t);
  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...ORIGIN, [WORKSPACE_HEADER]: workspaceId, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const draft = async (text: string) => {
    const created = await send(admin, 'POST', '/api/drafts', { type: 'post', text });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  /** Staff send a link; the token comes from the mail the reviewer receives. */
  const mailLink = async (draftIds: string[], email: string) => {
    const created = await send(admin, 'POST', '/api/review-links', { draftIds, email });
    expect(created.statusCode, created.body).toBe(201);
    const mail = await smtp.waitForMail(email);
    const token = /\/review#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    return { id: created.json().id as string, token: token! };
  };
  const lookup = (token: string) => anonymous().post('/api/review/lookup', { token });
  const decide = async (token: string, draftId: string, decision: 'approve' | 'request_changes' = 'approve') =>
    anonymous().post('/api/review/decide', {
      token,
      draftId,
      decision,
      name: 'Rita Reviewer',
      // The version the page shows: the draft's stored one.
      seen: (await t.db.selectFrom('draft').select('updatedAt').where('id', '=', draftId).executeTakeFirstOrThrow()).updatedAt,
      ...(decision === 'request_changes' ? { comment: 'Shorter, please' } : {}),
    });
  const reviewState = async (id: string) =>
    (await t.db.selectFrom('draft').select('reviewState').where('id', '=', id).executeTakeFirstOrThrow()).reviewState;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ FOUNDER_EMAIL: 'founder@links.test', SIGNIN_RATE_LIMIT: '100000', SMTP_URL: smtp.url });
    const owner = await signUpAs(t, 'owner@links.test');
    workspaceId = (await owner.get('/api/workspace')).json().id;
    admin = await signUpAs(t, 'admin@links.test', 'admin');
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('right drafts: shown and decided; other drafts of the workspace and of other workspaces: 404', async () => {
    const [first, second, notInLink] = [await draft('First for review'), await draft('Second for review'), await draft('Not in the link')];
    const other = await signUpAs(t, 'elsewhere@links.test');
    const elsewhere = (await other.post('/api/drafts', { type: 'post', text: 'Another client' })).json().id as string;
    const { token } = await mailLink([first, second], 'rita@links.test');

    // Only the hash is stored.
    const stored = await t.db.selectFrom('reviewLink').select('tokenHash').execute();
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const page = await lookup(token);
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().drafts as Array<{ id: string }>).map((d) => d.id).sort()).toEqual([first, second].sort());
    for (const id of [first, second]) await send(admin, 'POST', `/api/drafts/${id}/review`);
    expect((await decide(token, first)).statusCode).toBe(200);
    expect(await reviewState(first)).toBe('approved');
    expect((await decide(token, second, 'request_changes')).statusCode).toBe(200);
    expect(await reviewState(second)).toBe('changes_requested');
    for (const id of [notInLink, elsewhere]) {
      const before = await reviewState(id);
      expect((await decide(token, id)).statusCode).toBe(404);
      expect(await reviewState(id)).toBe(before);
    }
    expect((await lookup('not-a-token')).statusCode).toBe(404);
  });

  it('expired and revoked links: 410 for the page and for decisions, and nothing changes', async () => {
    const id = await draft('Waiting for a decision');
    await send(admin, 'POST', `/api/drafts/${id}/review`);
    const expired = await mailLink([id], 'late@links.test');
    await t.db
      .updateTable('reviewLink')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const revoked = await mailLink([id], 'gone@links.test');
    const revoke = await send(admin, 'POST', `/api/review-links/${revoked.id}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    for (const { token } of [expired, revoked]) {
      expect((await lookup(token)).statusCode).toBe(410);
      expect((await decide(token, id)).statusCode).toBe(410);
    }
    expect(await reviewState(id)).toBe('in_review');
  });
});
