import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../../src/modules/clients/create-workspace.ts';
import { createInvitation } from '../../../src/modules/invitations/create-invitation.ts';
import { createReviewLink } from '../../../src/modules/review-links/review-link-store.ts';
import { apiCaller, onboardingData, signUpAs, type ApiCaller } from '../../support/admin.ts';
import { connectChannel, startChannelProvider } from '../../support/channel-provider.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai.ts';
import { startStubBluesky } from '../../support/stub-bluesky.ts';
import { multipartBody, type MultipartPart } from '../../support/multipart.ts';
import { collectRoutes, routeKey, type RegisteredRoute } from '../../support/route-list.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../support/test-app.ts';
import { makeTestVideo } from '../../clipper/make-test-video.ts';
import { expectSecurityHeaders } from './expect-security-headers.ts';

/**
 * Every route the app registers × every kind of caller × their own and someone else's resource.
 * The table below has one row per route (method and URL as Fastify spells them); each cell is the
 * one status that caller gets. Denials must be 401, 403 or 404 and change nothing; any other
 * status (a 2xx above all) must be written in the table as allowed. Every answer also carries the
 * security headers, and every allowed change is first sent from another origin: 403, nothing changed.
 */

const ROLES = ['anonymous', 'clientA', 'clientB', 'manager', 'admin', 'founder'] as const;
type Role = (typeof ROLES)[number];
/** One status per role, in ROLES order; null where the role owns no such resource. */
type Cells = readonly [
  anonymous: number | null,
  clientA: number | null,
  clientB: number | null,
  manager: number | null,
  admin: number | null,
  founder: number | null,
];
type Target = 'own' | 'other';

const DENIALS = new Set([401, 403, 404]);
const SAFE_METHODS = new Set(['GET', 'HEAD']);
const CROSS_SITE = 'https://evil.example';
/** Answers the table may list as allowed. 409 only where a rule refuses an allowed caller (a founder's own role). */
const ALLOWED = new Set([200, 201, 202, 204, 302, 409]);

const X = null;
/** A signed-in client works on their own workspace; staff accounts have none (403, ADR 030). */
const clientsOnly = (ok: number): Cells => [401, ok, ok, 403, 403, 403];
const signedIn = (ok: number): Cells => [401, ok, ok, ok, ok, ok];
const everyone = (ok: number): Cells => [ok, ok, ok, ok, ok, ok];
const staff = (ok: number): Cells => [401, 403, 403, ok, ok, ok];
const adminsOnly = (ok: number): Cells => [401, 403, 403, 403, ok, ok];
const foundersOnly = (ok: number): Cells => [401, 403, 403, 403, 403, ok];
/**
 * Admin console clients and requests: a staff member's "own" is a client assigned to them (a
 * request of one); "other" is assigned to nobody, which a manager cannot tell from a missing one.
 */
const assignedToStaff = (ok: number): Cells => [X, X, X, ok, ok, ok];
const unassigned = (ok: number): Cells => [401, 403, 403, 404, ok, ok];
/** Only the two clients own drafts and channels. */
const ownByClients = (ok: number): Cells => [X, ok, ok, X, X, X];
/** Someone else's draft or channel: 404 to a client (ids reveal nothing), 403 to staff (no workspace). */
const OTHERS_WORKSPACE: Cells = [401, 404, 404, 403, 403, 403];
/** Every signed-in role has its own clip jobs. */
const ownBySignedIn = (ok: number): Cells => [X, ok, ok, ok, ok, ok];
/**
 * A client's own workspace seen without the workspace header, through what a browser fetches
 * without headers (draft media in an <img>, a clip job's EventSource): the resource's workspace
 * decides. Another client and a manager not assigned to it: 404 (the id tells them nothing); admins
 * and founders may open every workspace.
 */
const othersWorkspaceResource = (ok: number): Cells => [401, 404, 404, 404, ok, ok];

type Resource =
  | 'draft'
  | 'reviewDraft'
  | 'queuedDraft'
  | 'mediaDraft'
  | 'connection'
  | 'clipJob'
  | 'clipJobClip'
  | 'cancelledClipJob'
  | 'clipFile'
  | 'file'
  | 'client'
  | 'request'
  | 'account'
  | 'reviewLink'
  | 'reviewMedia'
  | 'memberInvitation'
  | 'apiKey'
  | 'member'
  | 'clientRequest'
  | 'requestAttachment';
type Body = unknown | { multipart: MultipartPart[] };

interface Cell {
  role: Role;
  caller: ApiCaller;
  target: Target | null;
  /** A string unique to this cell, for names and emails. */
  uniq: string;
}

interface Row {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As Fastify registered it. */
  url: string;
  /** Concrete path for a URL with wildcards and no resource. */
  path?: string;
  query?: string;
  /** Without a resource: one cell per role. */
  any?: Cells;
  /** With a resource in the URL: the caller's own, and someone else's. */
  resource?: Resource;
  own?: Cells;
  other?: Cells;
  body?: (cell: Cell) => Body | Promise<Body>;
  /** Runs before the call (e.g. makes the caller a manager of the client it removes itself from). */
  prepare?: (cell: Cell, params: Record<string, string>) => Promise<void>;
  /** Cleans up after an allowed call (a clip job started only to be counted is cancelled). */
  after?: (cell: Cell, response: LightMyRequestResponse) => Promise<void>;
  /** State a denied (or cross-site) call must leave alone, besides the resource and the stored row counts. */
  state?: (cell: Cell) => Promise<unknown>;
  /** Runs after every other row (deleting a workspace takes its drafts and channels with it). */
  last?: boolean;
}

interface Fixture {
  params: Record<string, string>;
  query?: string;
  /** What a denied call must not change. */
  snapshot?: () => Promise<unknown>;
}

const TARGET_EMAIL = 'target@matrix.test';
const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

describe('permission matrix: every route × every caller × own and others’ resources', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let idp: OAuth2Server;
  let ai: FakeOpenAI;
  let bluesky: Awaited<ReturnType<typeof startStubBluesky>>;
  let video: Buffer;
  let callers: Record<Role, ApiCaller>;
  let targetUserId: string;
  /** A finished clip job of clientA, with a signed download link. */
  let doneJob: { id: string; downloadUrl: string };
  /** One finished (cancelled) clip job per signed-in role. */
  const ownJobs: Partial<Record<Role, string>> = {};
  /** Each signed-in role's avatar key. */
  const avatars: Partial<Record<Role, string>> = {};
  /** A file-store key of clientA's draft media (never served by /api/files). */
  let mediaKey: string;
  let counter = 0;
  let cellsRun = 0;
  const uniq = () => `m${++counter}`;

  const send = async (caller: ApiCaller, method: Row['method'], url: string, body?: Body, origin = TEST_BASE_URL) => {
    const headers: Record<string, string> = { origin, ...(caller.cookie ? { cookie: caller.cookie } : {}) };
    if (body && typeof body === 'object' && 'multipart' in body) {
      const encoded = await multipartBody((body as { multipart: MultipartPart[] }).multipart);
      return t.app.inject({ method, url, headers: { ...headers, ...encoded.headers }, payload: encoded.payload });
    }
    return t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  };

  const startClipJob = async (caller: ApiCaller, fields: Record<string, string>) => {
    const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
    parts.push({ name: 'video_file', file: video, filename: 'talk.mp4', type: 'video/mp4' });
    return send(caller, 'POST', '/api/process', { multipart: parts });
  };
  const cancelClipJob = async (caller: ApiCaller, id: string) => {
    expect((await caller.del(`/api/clipper/jobs/${id}`)).statusCode).toBe(204);
  };

  const newDraft = async (owner: ApiCaller) => {
    const response = await owner.post('/api/drafts', { type: 'post', text: 'matrix draft' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const draftSnapshot = (owner: ApiCaller, id: string) => async () =>
    ((await owner.get('/api/drafts')).json() as Array<{ id: string }>).find((d) => d.id === id) ?? null;

  /** The owner of "someone else's" resource: clientB's for clientA, clientA's for everyone else. */
  const otherOwner = (role: Role): Role => (role === 'clientA' ? 'clientB' : 'clientA');

  const FIXTURES: Record<Resource, (owner: Role, target: Target) => Promise<Fixture>> = {
    draft: async (owner) => {
      const id = await newDraft(callers[owner]);
      return { params: { id }, snapshot: draftSnapshot(callers[owner], id) };
    },
    reviewDraft: async (owner) => {
      const id = await newDraft(callers[owner]);
      expect((await callers[owner].post(`/api/drafts/${id}/review`)).statusCode).toBe(200);
      return { params: { id }, snapshot: draftSnapshot(callers[owner], id) };
    },
    queuedDraft: async (owner) => {
      const id = await newDraft(callers[owner]);
      expect((await callers[owner].post(`/api/drafts/${id}/queue`)).statusCode).toBe(200);
      return { params: { id }, snapshot: draftSnapshot(callers[owner], id) };
    },
    mediaDraft: async (owner) => {
      const id = await newDraft(callers[owner]);
      const upload = await send(callers[owner], 'POST', `/api/drafts/${id}/media`, {
        multipart: [{ name: 'file', file: await png(), filename: 'pic.png', type: 'image/png' }],
      });
      expect(upload.statusCode, upload.body).toBe(200);
      return { params: { id }, snapshot: draftSnapshot(callers[owner], id) };
    },
    connection: async (owner) => {
      const id = await connectChannel(t, idp, callers[owner], uniq());
      return {
        params: { id },
        snapshot: async () =>
          ((await callers[owner].get('/api/social/connections')).json() as Array<{ id: string }>).find((c) => c.id === id),
      };
    },
    clipJob: async (owner, target) => {
      // Someone else's job is clientA's finished one (it still has its files), or clientB's for clientA.
      const id = target === 'other' && owner === 'clientA' ? doneJob.id : ownJobs[owner]!;
      const dir = path.join(t.dataDir, 'files', 'clipper', id);
      return {
        params: { id },
        snapshot: async () => {
          // expires_in_seconds counts down: compare what a denied call could change.
          const { status, stage, percent, detail, result } = (await callers[owner].get(`/api/clipper/jobs/${id}`)).json();
          const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).sort() : [];
          return { status, stage, percent, detail, clips: result?.clips, files };
        },
      };
    },
    clipJobClip: async (owner, target) => {
      const job = await FIXTURES.clipJob(owner, target);
      return { ...job, params: { ...job.params, n: '1' } };
    },
    // A job whose cancel removes nothing that later rows need (admins may cancel a client's job).
    cancelledClipJob: async (owner) => ({ params: { id: ownJobs[owner]! } }),
    clipFile: async (_owner, target) => {
      // The signed link of clientA's clip; for "other", the same signature on another job's id.
      const link = new URL(doneJob.downloadUrl, 'http://x');
      const id = target === 'own' ? doneJob.id : ownJobs.clientB!;
      return { params: { id, n: '1' }, query: link.search };
    },
    file: async (owner, target) => ({ params: { '*': target === 'own' ? avatars[owner]! : mediaKey } }),
    client: async (owner, target) => {
      const id = await newClient(owner, target);
      return {
        params: { id },
        snapshot: async () =>
          Promise.all(
            ['', '/managers', '/timeline', '/onboarding'].map(
              async (suffix) => (await callers.founder.get(`/api/admin/clients/${id}${suffix}`)).body,
            ),
          ),
      };
    },
    request: async (owner, target) => {
      const client = await callers.founder.get(`/api/admin/clients/${await newClient(owner, target)}`);
      const response = await callers.founder.post('/api/admin/requests', {
        type: 'support',
        subject: `Help ${uniq()}`,
        requester: client.json().owner,
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().id as string;
      return {
        params: { id },
        snapshot: async () =>
          Promise.all(
            ['', '/timeline', '/submission'].map(async (suffix) => (await callers.founder.get(`/api/admin/requests/${id}${suffix}`)).body),
          ),
      };
    },
    reviewLink: async (owner) => {
      const { link } = await newReviewLink(owner, [await newDraft(callers[owner])]);
      return { params: { id: link.id }, snapshot: () => t.db.selectFrom('reviewLink').selectAll().where('id', '=', link.id).execute() };
    },
    reviewMedia: async (_owner, target) => {
      // The signed URL the review page gets for clientA's picture; for "other", its signature on another draft.
      const id = (await FIXTURES.mediaDraft('clientA', 'own')).params.id;
      const { token } = await newReviewLink('clientA', [id]);
      const page = (await callers.anonymous.post('/api/review/lookup', { token })).json();
      const signed = new URL(page.drafts[0].media.url as string, 'http://x');
      return { params: { id: target === 'own' ? id : await newDraft(callers.clientA) }, query: signed.search };
    },
    apiKey: async (owner) => {
      const created = await callers[owner].post('/api/workspace/api-keys', { name: `Matrix ${uniq()}` });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      return { params: { id }, snapshot: () => t.db.selectFrom('apiKey').select(['id', 'revokedAt']).where('id', '=', id).execute() };
    },
    memberInvitation: async (owner) => {
      const invited = await callers[owner].post('/api/workspace/members/invitations', {
        email: `${uniq()}@team.matrix.test`,
        role: 'editor',
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const id = invited.json().id as string;
      return { params: { id }, snapshot: () => t.db.selectFrom('invitation').select(['id']).where('id', '=', id).execute() };
    },
    member: async (owner) => {
      const teammate = await signUpAs(t, `${uniq()}@team.matrix.test`);
      const workspaceId = (await callers[owner].get('/api/workspace')).json().id as string;
      await t.db
        .insertInto('workspaceMember')
        .values({ workspaceId, userId: teammate.userId, role: 'editor', createdAt: new Date().toISOString() })
        .execute();
      return {
        params: { userId: teammate.userId },
        snapshot: () => t.db.selectFrom('workspaceMember').selectAll().where('userId', '=', teammate.userId).execute(),
      };
    },
    clientRequest: async (owner) => {
      const opened = await callers[owner].post('/api/requests', { type: 'support', subject: `Help ${uniq()}`, description: 'Please' });
      expect(opened.statusCode, opened.body).toBe(201);
      const id = opened.json().id as string;
      return { params: { id }, snapshot: async () => (await callers[owner].get(`/api/requests/${id}`)).body };
    },
    requestAttachment: async (owner) => {
      const { params } = await FIXTURES.clientRequest(owner, 'own');
      const added = await send(callers[owner], 'POST', `/api/requests/${params.id}/attachments`, {
        multipart: [{ name: 'file', file: await png(), filename: 'brief.png', type: 'image/png' }],
      });
      expect(added.statusCode, added.body).toBe(201);
      return { params: { id: params.id, attachmentId: added.json().id as string } };
    },
    account: async (owner, target) => {
      const id = target === 'own' ? callers[owner].userId : targetUserId;
      return { params: { id }, snapshot: () => t.db.selectFrom('user').select(['role']).where('id', '=', id).executeTakeFirst() };
    },
  };

  /** A client made by the founder; for "own", assigned to the caller. */
  const newClient = async (owner: Role, target: Target) => {
    const email = `${uniq()}@clients.matrix.test`;
    const response = await callers.founder.post('/api/admin/clients', { name: `Client ${email}`, owner: email });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as string;
    if (target === 'own') {
      const assigned = await callers.founder.post(`/api/admin/clients/${id}/manager`, { email: callers[owner].email });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    return id;
  };
  /**
   * Rows per table and files in the store: a refused call adds and removes nothing. (Jobs run in the
   * background, so not counted; and counted only once the scheduler has published what an allowed
   * Publish now sent it, since it writes its own timeline line a moment after the call.)
   */
  const storedCounts = async () => {
    await expect
      .poll(async () => (await t.db.selectFrom('draft').select('id').where('status', '=', 'publishing').execute()).length, {
        timeout: 10_000,
      })
      .toBe(0);
    const tables = [
      'user',
      'workspace',
      'onboardingRecord',
      'request',
      'timelineEntry',
      'workspaceManager',
      'setting',
      'draft',
      'socialConnection',
      'clipJob',
      'draftComment',
      'reviewLink',
      'workspaceMember',
      'invitation',
      'requestAttachment',
    ];
    const counts = await sql<
      Record<string, number | string>
    >`select ${sql.join(tables.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`))}`.execute(t.db);
    const store = path.join(t.dataDir, 'files');
    return { ...counts.rows[0], files: fs.existsSync(store) ? fs.readdirSync(store, { recursive: true }).length : 0 };
  };
  /** The token of a fresh invitation, as its mail carries it: a workspace made for a new owner, as staff would. */
  const newInvitation = async (u: string) => {
    const created = await createWorkspace(
      t.db,
      { name: `Invited ${u}`, owner: `${u}@invited.matrix.test`, status: 'active' },
      { who: callers.founder.email },
    );
    return created.invitation!.token;
  };
  /** A review link staff made in the workspace of this client, and the token its mail carries. */
  const newReviewLink = async (owner: Role, draftIds: string[]) => {
    const workspace = (await callers[owner].get('/api/workspace')).json();
    return createReviewLink(t.db, {
      workspace,
      draftIds,
      email: `${uniq()}@reviewers.matrix.test`,
      expiresInDays: 14,
      by: { name: 'Matrix staff', email: callers.admin.email, kind: 'staff' },
    });
  };
  /** A teammate invitation for the caller's own address, to a workspace made for it. */
  const newMemberInvitation = async (email: string) => {
    const created = await createWorkspace(
      t.db,
      { name: `Team ${uniq()}`, owner: `${uniq()}@owners.matrix.test`, status: 'active' },
      { who: callers.founder.email },
    );
    return (await createInvitation(t.db, { workspaceId: created.workspace.id, email, invitedBy: callers.founder.email, role: 'editor' }))
      .token;
  };
  const settingsState = async () => t.db.selectFrom('setting').select(['key', 'value']).orderBy('key').execute();
  const targetRole = async () => t.db.selectFrom('user').select('role').where('email', '=', TARGET_EMAIL).executeTakeFirst();

  const TABLE: Row[] = [
    // API documentation: public on purpose (it holds no data), read-only.
    { method: 'GET', url: '/api/docs', any: everyone(200) },
    { method: 'HEAD', url: '/api/docs/', any: everyone(200) },
    { method: 'GET', url: '/api/docs/static/index.html', any: everyone(302) },
    { method: 'GET', url: '/api/docs/static/swagger-initializer.js', any: everyone(200) },
    { method: 'GET', url: '/api/docs/static/*', path: '/api/docs/static/swagger-ui.css', any: everyone(200) },
    { method: 'GET', url: '/api/docs/json', any: everyone(200) },
    { method: 'GET', url: '/api/docs/yaml', any: everyone(200) },

    { method: 'GET', url: '/api/health', any: everyone(200) },
    { method: 'GET', url: '/api/ready', any: everyone(200) },
    { method: 'GET', url: '/api/config', any: everyone(200) },
    // Avatars are public by nature (unguessable keys); draft media is never served here, not even to its owner.
    { method: 'GET', url: '/api/files/*', resource: 'file', own: ownBySignedIn(200), other: everyone(404) },

    { method: 'GET', url: '/api/me', any: signedIn(200) },
    {
      method: 'PATCH',
      url: '/api/me/profile',
      any: signedIn(200),
      state: async ({ caller }) => (await caller.get('/api/me')).body,
      body: ({ uniq: u }) => ({ displayName: `Matrix ${u}`, photoURL: null }),
    },
    {
      method: 'POST',
      url: '/api/me/avatar',
      any: signedIn(200),
      body: async () => ({ multipart: [{ name: 'file', file: await png(), filename: 'me.png', type: 'image/png' }] }),
    },
    {
      method: 'POST',
      url: '/api/onboarding/submit',
      any: everyone(200),
      body: ({ uniq: u }) => onboardingData({ email: `${u}@onboarding.matrix.test` }),
    },
    // The invited owner has no account yet: the mailed token is the proof.
    {
      method: 'POST',
      url: '/api/invitations/lookup',
      any: everyone(200),
      body: async ({ uniq: u }) => ({ token: await newInvitation(u) }),
    },
    {
      method: 'POST',
      url: '/api/invitations/accept',
      any: everyone(200),
      body: async ({ uniq: u }) => ({ token: await newInvitation(u), password: 'matrix-password-1' }),
    },
    // A teammate invitation to an address that has an account: joined by that account, signed in.
    {
      method: 'POST',
      url: '/api/invitations/join',
      any: [401, 200, 200, 409, 409, 409],
      body: async ({ caller }) => ({ token: await newMemberInvitation(caller.email || 'nobody@matrix.test') }),
    },
    // A review link's holder has no account: the mailed token is the proof; media by a short-lived signature.
    {
      method: 'POST',
      url: '/api/review/lookup',
      any: everyone(200),
      body: async () => ({ token: (await newReviewLink('clientA', [await newDraft(callers.clientA)])).token }),
    },
    {
      method: 'POST',
      url: '/api/review/decide',
      any: everyone(200),
      body: async () => {
        const draftId = await newDraft(callers.clientA);
        const { token, sentForReview } = await newReviewLink('clientA', [draftId]);
        return { token, draftId, decision: 'approve', name: 'Matrix reviewer', seen: sentForReview[0].updatedAt };
      },
    },
    { method: 'GET', url: '/api/review/media/:id', resource: 'reviewMedia', own: everyone(200), other: everyone(403) },

    // The owner's team: clients manage their own; staff have no workspace without the header.
    { method: 'GET', url: '/api/workspace/members', any: clientsOnly(200) },
    {
      method: 'POST',
      url: '/api/workspace/members/invitations',
      any: clientsOnly(201),
      body: ({ uniq: u }) => ({ email: `${u}@team.matrix.test`, role: 'approver' }),
    },
    {
      method: 'DELETE',
      url: '/api/workspace/members/invitations/:id',
      resource: 'memberInvitation',
      own: ownByClients(204),
      other: OTHERS_WORKSPACE,
    },
    {
      method: 'PATCH',
      url: '/api/workspace/members/:userId',
      resource: 'member',
      own: ownByClients(200),
      other: OTHERS_WORKSPACE,
      body: () => ({ role: 'approver' }),
    },
    { method: 'DELETE', url: '/api/workspace/members/:userId', resource: 'member', own: ownByClients(204), other: OTHERS_WORKSPACE },

    // Requests a client opens from the dashboard; an attachment is fetched by its link, without headers.
    { method: 'GET', url: '/api/requests', any: clientsOnly(200) },
    {
      method: 'POST',
      url: '/api/requests',
      any: clientsOnly(201),
      body: ({ uniq: u }) => ({ type: 'content_brief', subject: `Brief ${u}`, description: 'Spring menu' }),
    },
    { method: 'GET', url: '/api/requests/:id', resource: 'clientRequest', own: ownByClients(200), other: OTHERS_WORKSPACE },
    {
      method: 'POST',
      url: '/api/requests/:id/attachments',
      resource: 'clientRequest',
      own: ownByClients(201),
      other: OTHERS_WORKSPACE,
      body: async () => ({ multipart: [{ name: 'file', file: await png(), filename: 'b.png', type: 'image/png' }] }),
    },
    {
      method: 'GET',
      url: '/api/requests/:id/attachments/:attachmentId',
      resource: 'requestAttachment',
      own: ownByClients(200),
      other: othersWorkspaceResource(200),
    },

    { method: 'GET', url: '/api/workspace', any: clientsOnly(200) },
    // The workspaces one may open: a client's own, the assigned ones for a manager (none here), all for admins and founders.
    { method: 'GET', url: '/api/workspaces', query: '?search=matrix&limit=5', any: signedIn(200) },
    {
      method: 'PATCH',
      url: '/api/workspace',
      any: clientsOnly(200),
      state: async ({ caller }) => (await caller.get('/api/workspace')).body,
      body: ({ uniq: u }) => ({ cadence: Number(u.slice(1)) % 2 ? 'Weekly' : 'Daily' }),
    },
    {
      method: 'DELETE',
      url: '/api/workspace',
      any: clientsOnly(204),
      last: true,
      body: async ({ caller, role }) => ({
        confirmName: role === 'clientA' || role === 'clientB' ? (await caller.get('/api/workspace')).json().name : 'x',
      }),
    },

    { method: 'GET', url: '/api/drafts', query: '?channel=instagram', any: clientsOnly(200) },
    { method: 'POST', url: '/api/drafts', any: clientsOnly(201), body: () => ({ type: 'reel', text: 'new' }) },
    {
      method: 'PATCH',
      url: '/api/drafts/:id',
      resource: 'draft',
      own: ownByClients(200),
      other: OTHERS_WORKSPACE,
      body: () => ({ text: 'edited' }),
    },
    { method: 'POST', url: '/api/drafts/:id/queue', resource: 'draft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    { method: 'POST', url: '/api/drafts/:id/requeue', resource: 'queuedDraft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    { method: 'POST', url: '/api/drafts/:id/publish', resource: 'draft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    { method: 'GET', url: '/api/drafts/:id', resource: 'draft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    { method: 'POST', url: '/api/drafts/:id/unqueue', resource: 'queuedDraft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    {
      method: 'POST',
      url: '/api/drafts/:id/duplicate',
      resource: 'draft',
      own: ownByClients(201),
      other: OTHERS_WORKSPACE,
      body: () => ({ to: [{ channel: 'linkedin' }] }),
    },
    {
      method: 'POST',
      url: '/api/drafts/:id/schedule',
      resource: 'draft',
      own: ownByClients(200),
      other: OTHERS_WORKSPACE,
      body: () => ({ at: new Date(Date.now() + 86_400_000).toISOString() }),
    },
    { method: 'GET', url: '/api/workspace/posting-slots', any: clientsOnly(200) },
    {
      method: 'GET',
      url: '/api/calendar',
      query: `?from=${encodeURIComponent('2030-01-01T00:00:00Z')}&to=${encodeURIComponent('2030-02-01T00:00:00Z')}`,
      any: clientsOnly(200),
    },
    { method: 'GET', url: '/api/workspace/api-keys', any: clientsOnly(200) },
    { method: 'POST', url: '/api/workspace/api-keys', any: clientsOnly(201), body: ({ uniq: u }) => ({ name: `Script ${u}` }) },
    { method: 'DELETE', url: '/api/workspace/api-keys/:id', resource: 'apiKey', own: ownByClients(204), other: OTHERS_WORKSPACE },
    {
      method: 'PUT',
      url: '/api/workspace/posting-slots',
      any: clientsOnly(200),
      body: () => ({ slots: [{ weekday: 2, time: '09:30' }] }),
    },
    { method: 'DELETE', url: '/api/drafts/:id', resource: 'draft', own: ownByClients(204), other: OTHERS_WORKSPACE },
    {
      method: 'POST',
      url: '/api/drafts/:id/media',
      resource: 'draft',
      own: ownByClients(200),
      other: OTHERS_WORKSPACE,
      body: async () => ({ multipart: [{ name: 'file', file: await png(), filename: 'p.png', type: 'image/png' }] }),
    },
    {
      method: 'GET',
      url: '/api/drafts/:id/media',
      resource: 'mediaDraft',
      own: ownByClients(200),
      other: othersWorkspaceResource(200),
    },
    // Review: anyone in the workspace sends for review and comments; the owner (or an approver) decides.
    { method: 'POST', url: '/api/drafts/:id/review', resource: 'draft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    { method: 'POST', url: '/api/drafts/:id/approve', resource: 'reviewDraft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    {
      method: 'POST',
      url: '/api/drafts/:id/request-changes',
      resource: 'reviewDraft',
      own: ownByClients(200),
      other: OTHERS_WORKSPACE,
      body: () => ({ comment: 'Warmer, please' }),
    },
    { method: 'GET', url: '/api/drafts/:id/comments', resource: 'draft', own: ownByClients(200), other: OTHERS_WORKSPACE },
    {
      method: 'POST',
      url: '/api/drafts/:id/comments',
      resource: 'draft',
      own: ownByClients(201),
      other: OTHERS_WORKSPACE,
      body: () => ({ text: 'Nice' }),
    },
    // Review links are staff's, made in a client's workspace named by the header: without it nobody here may.
    { method: 'GET', url: '/api/review-links', any: [401, 403, 403, 403, 403, 403] },
    {
      method: 'POST',
      url: '/api/review-links',
      any: [401, 403, 403, 403, 403, 403],
      body: async () => ({ draftIds: [await newDraft(callers.clientA)], email: 'someone@reviewers.matrix.test' }),
    },
    {
      method: 'POST',
      url: '/api/review-links/:id/revoke',
      resource: 'reviewLink',
      own: [X, 403, 403, X, X, X],
      other: [401, 403, 403, 403, 403, 403],
    },

    // The assistant needs only a session (no workspace): staff may use it too.
    { method: 'POST', url: '/api/assistant', any: signedIn(200), body: () => ({ messages: [{ role: 'user', content: 'hi' }] }) },
    { method: 'POST', url: '/api/assistant/stream', any: signedIn(200), body: () => ({ messages: [{ role: 'user', content: 'hi' }] }) },

    { method: 'GET', url: '/api/social/providers', any: signedIn(200) },
    { method: 'GET', url: '/api/social/connections', any: clientsOnly(200) },
    // Browser navigations: signed out → to sign in; signed in → to the provider, or back with ?channelError=.
    { method: 'GET', url: '/api/social/:provider/auth', path: '/api/social/google/auth', any: everyone(302) },
    {
      method: 'GET',
      url: '/api/social/:provider/callback',
      path: '/api/social/google/callback',
      query: '?code=c&state=s',
      any: everyone(302),
    },
    { method: 'DELETE', url: '/api/social/:id', resource: 'connection', own: ownByClients(204), other: OTHERS_WORKSPACE },
    { method: 'POST', url: '/api/social/:id/refresh', resource: 'connection', own: ownByClients(200), other: OTHERS_WORKSPACE },
    // Past the gate, the stub Bluesky signs the account in.
    {
      method: 'POST',
      url: '/api/social/bluesky/connect',
      any: clientsOnly(201),
      body: () => ({ identifier: 'someone.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' }),
    },

    // The clipper needs only a session. A job started in a workspace (a client's own, or the one the
    // workspace header names) is followed by whoever may open that workspace; one started outside
    // any (staff without the header) by its starter only.
    {
      method: 'POST',
      url: '/api/process',
      any: signedIn(202),
      body: () => ({
        multipart: [
          { name: 'async', value: 'true' },
          { name: 'video_file', file: video, filename: 'talk.mp4', type: 'video/mp4' },
        ],
      }),
      after: async ({ caller }, response) => cancelClipJob(caller, response.json().job_id),
    },
    { method: 'GET', url: '/api/clipper/jobs/:id', resource: 'clipJob', own: ownBySignedIn(200), other: othersWorkspaceResource(200) },
    {
      method: 'GET',
      url: '/api/clipper/jobs/:id/events',
      resource: 'clipJob',
      own: ownBySignedIn(200),
      other: othersWorkspaceResource(200),
    },
    {
      method: 'DELETE',
      url: '/api/clipper/jobs/:id',
      resource: 'cancelledClipJob',
      own: ownBySignedIn(204),
      other: othersWorkspaceResource(204),
    },
    // A clip becomes a draft in its job's workspace, for whoever may open it; the fixtures' own jobs
    // made no clips (409), and a staff member's own job belongs to no workspace (409).
    {
      method: 'POST',
      url: '/api/clipper/jobs/:id/clips/:n/draft',
      resource: 'clipJobClip',
      own: ownBySignedIn(409),
      other: othersWorkspaceResource(201),
      body: () => ({}),
    },
    {
      method: 'POST',
      url: '/api/clipper/jobs/:id/drafts',
      resource: 'clipJob',
      own: ownBySignedIn(409),
      other: othersWorkspaceResource(201),
      body: () => ({}),
    },
    // A signed link works without a session (a <video> tag); its signature binds job, clip and expiry.
    { method: 'GET', url: '/api/clipper/files/:id/:n', resource: 'clipFile', own: everyone(200), other: everyone(403) },

    { method: 'GET', url: '/api/admin/overview', query: '?range=30d', any: staff(200) },
    { method: 'GET', url: '/api/admin/clients', query: '?search=a&pageSize=20', any: staff(200) },
    { method: 'GET', url: '/api/admin/channels', any: staff(200) },
    {
      method: 'GET',
      url: '/api/admin/calendar',
      query: `?from=${encodeURIComponent('2030-01-01T00:00:00Z')}&to=${encodeURIComponent('2030-02-01T00:00:00Z')}`,
      any: staff(200),
    },
    {
      method: 'POST',
      url: '/api/admin/clients',
      any: staff(201),
      body: ({ uniq: u }) => ({ name: `New ${u}`, owner: `${u}@new.matrix.test` }),
    },
    { method: 'GET', url: '/api/admin/clients/:id', resource: 'client', own: assignedToStaff(200), other: unassigned(200) },
    {
      method: 'PATCH',
      url: '/api/admin/clients/:id',
      resource: 'client',
      own: assignedToStaff(200),
      other: unassigned(200),
      body: () => ({ status: 'paused' }),
    },
    { method: 'GET', url: '/api/admin/clients/:id/managers', resource: 'client', own: assignedToStaff(200), other: unassigned(200) },
    // Who works on which client is for admins and founders to say.
    {
      method: 'POST',
      url: '/api/admin/clients/:id/manager',
      resource: 'client',
      own: [X, X, X, 403, 200, 200],
      other: [401, 403, 403, 403, 200, 200],
      body: ({ caller }) => ({ email: caller.email || 'nobody@matrix.test' }),
    },
    {
      method: 'DELETE',
      url: '/api/admin/clients/:id/manager',
      resource: 'client',
      own: [X, X, X, 403, 200, 200],
      other: [401, 403, 403, 403, 200, 200],
      prepare: async ({ role, caller, target }, params) => {
        // Admins and founders remove themselves from a client they manage ("own" ones are already).
        if (target === 'other' && (role === 'admin' || role === 'founder')) {
          expect((await callers.founder.post(`/api/admin/clients/${params.id}/manager`, { email: caller.email })).statusCode).toBe(200);
        }
      },
      body: ({ caller }) => ({ email: caller.email || 'nobody@matrix.test' }),
    },
    { method: 'GET', url: '/api/admin/clients/:id/timeline', resource: 'client', own: assignedToStaff(200), other: unassigned(200) },
    { method: 'GET', url: '/api/admin/clients/:id/drafts', resource: 'client', own: assignedToStaff(200), other: unassigned(200) },
    {
      method: 'PUT',
      url: '/api/admin/clients/:id/onboarding',
      resource: 'client',
      own: assignedToStaff(200),
      other: unassigned(200),
      body: () => onboardingData(),
    },
    // A client created by staff has no questionnaire yet: 404 for staff too (the route itself is allowed).
    { method: 'GET', url: '/api/admin/clients/:id/onboarding', resource: 'client', own: assignedToStaff(404), other: unassigned(404) },
    { method: 'GET', url: '/api/admin/requests', query: '?status=open&sortBy=subject', any: staff(200) },
    // This requester is no client: admins and founders only (a manager opens requests for their own clients).
    {
      method: 'POST',
      url: '/api/admin/requests',
      any: adminsOnly(201),
      body: ({ uniq: u }) => ({ type: 'support', subject: `Subject ${u}`, requester: 'req@example.com' }),
    },
    { method: 'GET', url: '/api/admin/requests/:id', resource: 'request', own: assignedToStaff(200), other: unassigned(200) },
    {
      method: 'PATCH',
      url: '/api/admin/requests/:id',
      resource: 'request',
      own: assignedToStaff(200),
      other: unassigned(200),
      body: () => ({ status: 'closed' }),
    },
    { method: 'GET', url: '/api/admin/requests/:id/timeline', resource: 'request', own: assignedToStaff(200), other: unassigned(200) },
    {
      method: 'POST',
      url: '/api/admin/requests/:id/notes',
      resource: 'request',
      own: assignedToStaff(201),
      other: unassigned(201),
      body: () => ({ note: 'noted' }),
    },
    { method: 'GET', url: '/api/admin/requests/:id/submission', resource: 'request', own: assignedToStaff(200), other: unassigned(200) },
    {
      method: 'POST',
      url: '/api/admin/requests/:id/replies',
      resource: 'request',
      own: assignedToStaff(201),
      other: unassigned(201),
      body: () => ({ text: 'On it' }),
    },
    { method: 'GET', url: '/api/admin/requests/:id/work', resource: 'request', own: assignedToStaff(200), other: unassigned(200) },
    {
      method: 'POST',
      url: '/api/admin/requests/:id/drafts',
      resource: 'request',
      own: assignedToStaff(201),
      other: unassigned(201),
      body: () => ({ type: 'post', text: 'From the request' }),
    },
    // A support request keeps no questionnaire answers: 404 for staff too (the route itself is allowed).
    {
      method: 'POST',
      url: '/api/admin/requests/:id/submission/apply',
      resource: 'request',
      own: assignedToStaff(404),
      other: unassigned(404),
    },
    { method: 'GET', url: '/api/admin/settings', any: staff(200) },
    {
      method: 'PUT',
      url: '/api/admin/settings',
      any: adminsOnly(200),
      state: settingsState,
      body: () => ({ supportEmail: 'help@matrix.test', webhookUrl: '', brandHue: 212, allowSelfSignup: true }),
    },
    { method: 'GET', url: '/api/admin/webhooks/secret', any: adminsOnly(200) },
    { method: 'GET', url: '/api/admin/webhooks/deliveries', any: staff(200) },
    { method: 'POST', url: '/api/admin/webhooks/secret/rotate', any: adminsOnly(200), state: settingsState },
    { method: 'GET', url: '/api/admin/team', any: foundersOnly(200) },
    // A founder's own role cannot be changed here (409); another account's can, by founders only.
    {
      method: 'PUT',
      url: '/api/admin/team/:id',
      resource: 'account',
      own: [X, 403, 403, 403, 403, 409],
      other: foundersOnly(200),
      body: () => ({ role: 'client' }),
    },
    {
      method: 'POST',
      url: '/api/admin/team',
      any: foundersOnly(200),
      state: targetRole,
      body: () => ({ email: TARGET_EMAIL, role: 'client' }),
    },
  ];

  /**
   * Left out of the table, each for a reason:
   * - `/api/auth/*` (GET and POST) is Better Auth's catch-all: its endpoints (sign-up, sign-in, session,
   *   reset…) are public by design and carry their own checks, tested in auth.test.ts and password-reset.test.ts;
   *   the origin test in headers.test.ts still sends it cross-site requests.
   * The static files of the web build and the SPA fallback are not registered by this app (serveWeb off);
   * they are read-only and public, and headers.test.ts checks their answers.
   */
  const EXCLUDED = new Set([routeKey('GET', '/api/auth/*'), routeKey('POST', '/api/auth/*')]);

  beforeAll(async () => {
    let provider: Awaited<ReturnType<typeof startChannelProvider>>;
    [provider, ai, bluesky, video] = await Promise.all([
      startChannelProvider(),
      startFakeOpenAI(),
      startStubBluesky(),
      makeTestVideo().then((v) => fs.readFileSync(v.mp4)),
    ]);
    idp = provider.server;
    const env = {
      FOUNDER_EMAIL: 'founder@matrix.test',
      SIGNIN_RATE_LIMIT: '100000',
      ONBOARDING_RATE_LIMIT: '100000',
      ASSISTANT_RATE_LIMIT: '10000',
      AI_BASE_URL: `${ai.url}/v1`,
      JOB_POLL_MS: '50',
      CHANNEL_BLUESKY_SERVICE_URL: bluesky.url,
      CHANNEL_ALLOW_PRIVATE_INSTANCES: 'true',
      ...provider.env,
    };
    ({ result: t, routes } = await collectRoutes(() => createTestApp(env)));
    callers = {
      anonymous: apiCaller(t),
      clientA: await signUpAs(t, 'a@matrix.test'),
      clientB: await signUpAs(t, 'b@matrix.test'),
      manager: await signUpAs(t, 'manager@matrix.test', 'manager'),
      admin: await signUpAs(t, 'admin@matrix.test', 'admin'),
      founder: await signUpAs(t, 'founder@matrix.test'),
    };
    targetUserId = (await signUpAs(t, TARGET_EMAIL)).userId;

    const done = await startClipJob(callers.clientA, { clip_duration: '15', num_clips: '1', add_subtitles: 'false' });
    expect(done.statusCode, done.body).toBe(200);
    doneJob = { id: done.json().job_id, downloadUrl: done.json().clips[0].download_url };
    for (const role of ROLES.slice(1)) {
      const started = await startClipJob(callers[role], { async: 'true' });
      expect(started.statusCode, started.body).toBe(202);
      ownJobs[role] = started.json().job_id;
      await cancelClipJob(callers[role], ownJobs[role]!);
      const avatar = await send(callers[role], 'POST', '/api/me/avatar', {
        multipart: [{ name: 'file', file: await png(), filename: `${role}.png`, type: 'image/png' }],
      });
      expect(avatar.statusCode, avatar.body).toBe(200);
      avatars[role] = decodeURIComponent(avatar.json().url.replace('/api/files/', ''));
    }
    const media = await t.db
      .selectFrom('draft')
      .select('mediaKey')
      .where('id', '=', (await FIXTURES.mediaDraft('clientA', 'own')).params.id)
      .executeTakeFirstOrThrow();
    mediaKey = media.mediaKey!;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([idp?.stop(), ai?.close(), bluesky?.close()]);
  });

  it('has one row per registered route, and no row for a route that is gone', () => {
    const registered = routes.map((r) => routeKey(r.method, r.url)).filter((key) => !EXCLUDED.has(key));
    expect(registered.length).toBeGreaterThan(50);
    expect(new Set(registered).size, 'a route registered twice').toBe(registered.length);
    const rows = TABLE.map((row) => routeKey(row.method, row.url));
    expect(new Set(rows).size, 'a route with two rows').toBe(rows.length);
    expect(
      rows.filter((key) => !registered.includes(key)),
      'rows naming routes that do not exist',
    ).toEqual([]);
    expect(
      registered.filter((key) => !rows.includes(key)),
      'routes without a row',
    ).toEqual([]);
    // Every excluded route still exists: the reason above stays true.
    for (const key of EXCLUDED) expect(routes.map((r) => routeKey(r.method, r.url))).toContain(key);
  });

  it('the table only allows what it names: every cell is an allowed answer or 401/403/404', () => {
    for (const row of TABLE) {
      const sets = row.resource ? [row.own, row.other] : [row.any];
      expect(Boolean(row.resource) === !row.any, `${row.method} ${row.url}: either any, or a resource with own/other`).toBe(true);
      for (const cells of sets.filter(Boolean) as Cells[]) {
        for (const status of cells)
          if (status !== null) expect(ALLOWED.has(status) || DENIALS.has(status), `${row.method} ${row.url}: ${status}`).toBe(true);
      }
      // Anonymous callers are never let into anything that needs a session.
      if (row.any && row.any[0] !== null && !ALLOWED.has(row.any[0])) expect(row.any[0]).toBe(401);
    }
  });

  const ordered = [...TABLE.filter((row) => !row.last), ...TABLE.filter((row) => row.last)];
  for (const row of ordered) {
    const cellsOf = (target: Target | null) => (target === null ? row.any : target === 'own' ? row.own : row.other)!;
    const targets: Array<Target | null> = row.resource ? (['own', 'other'] as const).filter((x) => row[x]) : [null];
    const title = targets
      .map((target) => `${target ?? 'any'}: ${ROLES.map((role, i) => `${role} ${cellsOf(target)[i] ?? '-'}`).join(', ')}`)
      .join(' | ');

    it(`${row.method} ${row.url} → ${title}`, async () => {
      for (const target of targets) {
        for (const [i, role] of ROLES.entries()) {
          const want = cellsOf(target)[i];
          if (want === null) continue;
          const caller = callers[role];
          const cell: Cell = { role, caller, target, uniq: uniq() };
          const fixture = row.resource ? await FIXTURES[row.resource](target === 'own' ? role : otherOwner(role), target!) : { params: {} };
          let url = row.path ?? row.url;
          for (const [name, value] of Object.entries(fixture.params)) {
            url = url.replace(name === '*' ? '*' : `:${name}`, name === '*' ? value : encodeURIComponent(value));
          }
          url += fixture.query ?? row.query ?? '';
          await row.prepare?.(cell, fixture.params);
          const denied = DENIALS.has(want);
          const unchanged = () => Promise.all([fixture.snapshot?.(), row.state?.(cell), storedCounts()]);
          const body = await row.body?.(cell);
          if (!denied && !SAFE_METHODS.has(row.method)) {
            // The same change from another site is refused with 403 before anything runs.
            const before = await unchanged();
            const cross = await send(caller, row.method, url, body, CROSS_SITE);
            const where = `${role} on ${target ?? 'any'} from ${CROSS_SITE} (${row.method} ${url})`;
            expect(cross.statusCode, `${where}: ${cross.body}`).toBe(403);
            expect(cross.json(), where).toMatchObject({ error: expect.stringMatching(/^Invalid origin: /) });
            expectSecurityHeaders(cross, { https: false, where });
            expect(await unchanged(), `${where}: a cross-site call changed something`).toEqual(before);
          }
          const before = denied ? await unchanged() : null;

          const response = await send(caller, row.method, url, body);
          cellsRun += 1;
          const where = `${role} on ${target ?? 'any'} (${row.method} ${url}): ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBe(want);
          // Every answer of every cell, allowed or denied, carries the security headers.
          expectSecurityHeaders(response, { https: false, where });
          if (denied) {
            expect(response.json(), where).toMatchObject({ error: expect.any(String) });
            expect(await unchanged(), `${where}: a denied call changed something`).toEqual(before);
          } else {
            await row.after?.(cell, response);
          }
        }
      }
    });
  }

  it('called every cell of the table', () => {
    const cells = TABLE.flatMap((row) => [row.any, row.own, row.other]).flatMap((list) => list ?? []);
    expect(cellsRun).toBe(cells.filter((status) => status !== null).length);
  });
});
