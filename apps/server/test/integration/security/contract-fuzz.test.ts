import fc from 'fast-check';
import type { FastifySchema, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { createInvitation } from '../../../src/modules/invitations/create-invitation.ts';
import { createReviewLink } from '../../../src/modules/review-links/review-link-store.ts';
import { insertFinishedClipJob } from '../../clipper/finished-clip-job.ts';
import { apiCaller, signUpAs, type ApiCaller } from '../../support/admin.ts';
import { startFakeAirtable } from '../../support/airtable.ts';
import { startFakeOpenAI } from '../../support/fake-openai.ts';
import { startStubBluesky } from '../../support/stub-bluesky.ts';
import { brokenMultipartBodies, multipartBody } from '../../support/multipart.ts';
import { collectRoutes, routeKey, type RegisteredRoute } from '../../support/route-list.ts';
import { createTestApp, TEST_BASE_URL } from '../../support/test-app.ts';
import {
  arbitraryOf,
  hostileValue,
  hugeString,
  deepJson,
  NASTY_STRINGS,
  pollutionObject,
  type ArbitraryOverrides,
} from '../../support/zod-arbitrary.ts';

/**
 * Every route with a JSON body or a query schema is fuzzed from its own zod contract: values
 * shaped by the schema (many valid, the rest near misses) and hostile ones (wrong types, huge and
 * strange strings, nulls, extra keys, __proto__, broken JSON, wrong content types), each signed in
 * as the least role that may call the route. So are file keys of GET /api/files/* and the
 * multipart bodies of every upload route (cut short, without a usable boundary, or noise). Never a
 * 5xx, never an unhandled rejection, and every 4xx is JSON with a string `error`.
 */

const RUNS = 500;
const AIRTABLE = { token: 'fuzz-token', baseId: 'appFUZZ', table: 'Onboarding' };

/** `deleter` is a second client whose workspace DELETE /api/workspace may really delete (and the next request recreates). */
type Role = 'anonymous' | 'client' | 'deleter' | 'manager' | 'admin' | 'founder';

/**
 * The least role allowed to call a route: founders manage the team, admins the staff-wide settings
 * and managers' assignments, managers the rest of /api/admin (on the client assigned to them),
 * public routes nobody, everything else a signed-in client.
 */
function roleFor(route: RegisteredRoute): Role {
  if (route.url === '/api/workspace' && route.method === 'DELETE') return 'deleter';
  if (route.url.startsWith('/api/admin/team')) return 'founder';
  if (route.url === '/api/admin/settings' && route.method === 'PUT') return 'admin';
  if (route.url === '/api/admin/clients/:id/manager') return 'admin';
  if (route.url.startsWith('/api/admin/')) return 'manager';
  // Review links are staff's, made in the client's workspace the header names.
  if (route.url.startsWith('/api/review-links')) return 'manager';
  // The channel navigations are public routes that read the session themselves.
  if (route.options.config?.public && !route.url.startsWith('/api/social/')) return 'anonymous';
  return 'client';
}

/** A request body as sent: its text and content type (none for a route without a body). */
interface JsonBody {
  body?: string;
  contentType?: string;
}

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate; UTF-8 turns it into U+FFFD). */
const percentEncode = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const toJson = (value: unknown) => JSON.stringify(value) ?? 'null';

/** A query string as a browser would build it; arrays repeat their key. */
function toQuery(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const search = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (item !== undefined) search.append(key, typeof item === 'object' && item !== null ? toJson(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A copy of an object with one more own key, also "__proto__" (JSON.parse makes such keys). */
function withKey(object: unknown, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...(typeof object === 'object' && object !== null ? object : {}) };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** Bodies from the contract, near misses of it, and hostile ones. */
function bodyArbitrary(valid: fc.Arbitrary<unknown>, fields: string[]): fc.Arbitrary<JsonBody> {
  const json = (value: unknown) => ({ body: toJson(value), contentType: 'application/json' });
  const key = fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor', 'prototype', ''), fc.string({ maxLength: 12 }));
  return fc.oneof(
    { weight: 8, arbitrary: valid.map(json) },
    { weight: 4, arbitrary: fc.tuple(valid, key, hostileValue).map(([value, k, bad]) => json(withKey(value, k, bad))) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...fields)).map(([value, k]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[k];
        return json(copy);
      }),
    },
    { weight: 2, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: fc.constantFrom(pollutionObject('__proto__'), pollutionObject('constructor')).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"a":',
          '[1,]',
          'nul',
          '"\\ud800"',
          '\u0000',
          '1e999999',
          '{"a":1,"a":2}',
          '{"__proto__":{"x":1}}',
          '\ufeff{}',
        )
        .map((body) => ({ body, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          // Also the malformed JSON types behind Fastify's validation-bypass advisories (leading space, tab, casing).
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/xml',
            ' application/json',
            'application/json\t;',
            'APPLICATION/JSON',
            'application/json;',
            'application/jsonx',
            '',
          ),
        )
        .map(([value, contentType]) => ({ body: toJson(value), contentType: contentType || undefined })),
    },
    { weight: 1, arbitrary: deepJson.map((body) => ({ body, contentType: 'application/json' })) },
    // Over the 1 MB body limit: 413.
    { weight: 1, arbitrary: fc.constant({ body: toJson({ padding: 'x'.repeat(1024 * 1024) }), contentType: 'application/json' }) },
  );
}

/** Query strings from the contract, near misses, and hostile ones. */
function queryArbitrary(valid: fc.Arbitrary<unknown>, fields: string[]): fc.Arbitrary<string> {
  const hostileText = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ unit: 'binary', maxLength: 30 }),
    hugeString.map((s) => s.slice(0, 20_000)),
  );
  const key = fc.oneof(
    fc.constantFrom(...fields, '__proto__', 'constructor[prototype][x]', '__proto__[hooklinePolluted]', 'a[b]', ''),
    fc.string({ maxLength: 8 }),
  );
  return fc.oneof(
    { weight: 8, arbitrary: valid.map(toQuery) },
    { weight: 4, arbitrary: fc.tuple(valid, key, hostileText).map(([value, k, bad]) => toQuery(withKey(value, k, bad))) },
    // Keys given twice arrive as arrays.
    { weight: 1, arbitrary: fc.tuple(valid, fc.constantFrom(...fields)).map(([value, k]) => `${toQuery(value) || '?'}&${k}=1&${k}=2`) },
    { weight: 1, arbitrary: fc.constantFrom('?%', '?%E0%A4%A', '?=&=&', '?&&&', '?%00=%00', '?a=%ZZ', `?${'a=1&'.repeat(2000)}`) },
  );
}

// The app is built while the file is collected, so that each endpoint of its route list gets a test of its own.
const [ai, airtable, bluesky] = await Promise.all([startFakeOpenAI(), startFakeAirtable(AIRTABLE), startStubBluesky()]);
const { result: t, routes } = await collectRoutes(() =>
  createTestApp({
    FOUNDER_EMAIL: 'founder@fuzz.test',
    // The test shares the app's event loop: its own work (megabyte bodies) must not trip load shedding's 503.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    // The overview's health check runs `ffmpeg -version` on every call; a missing binary answers at once.
    FFMPEG_PATH: '/nonexistent/ffmpeg',
    SIGNIN_RATE_LIMIT: '100000',
    ONBOARDING_RATE_LIMIT: '1000000',
    ASSISTANT_RATE_LIMIT: '10000',
    AI_BASE_URL: `${ai.url}/v1`,
    AIRTABLE_TOKEN: AIRTABLE.token,
    AIRTABLE_BASE_ID: AIRTABLE.baseId,
    AIRTABLE_TABLE: AIRTABLE.table,
    AIRTABLE_API_URL: airtable.url,
    CHANNEL_GOOGLE_CLIENT_ID: 'id',
    CHANNEL_GOOGLE_CLIENT_SECRET: 'secret',
    // Only shapes the redirect; nothing is contacted (the callbacks here never carry a valid state).
    CHANNEL_GOOGLE_AUTH_URL: 'https://provider.invalid/authorize',
    CHANNEL_BLUESKY_SERVICE_URL: bluesky.url,
    CHANNEL_ALLOW_PRIVATE_INSTANCES: 'true',
  }),
);
const schemaOf = (route: RegisteredRoute) => (route.options.schema ?? {}) as FastifySchema;
const FUZZED = routes.filter((route) => schemaOf(route).body || schemaOf(route).querystring);
/** Routes whose links carry a signature the fuzz cannot forge: any success there would be a forged link accepted. */
const SIGNED_LINKS = new Set(['GET /api/clipper/files/:id/:n', 'GET /api/review/media/:id']);

describe('contract fuzzing: every JSON and query endpoint', () => {
  let callers: Record<Role, ApiCaller>;
  /** Real ids for path parameters: the caller's own draft, a client, a request, an account founders may change. */
  let ids: Record<string, string>;
  /** Tokens that open an invitation, so that the fuzz gets past the token check: one to look up, one to accept, one to join. */
  const invitationTokens = { lookup: '', accept: '', join: '' };
  /** A review link's token and one of its drafts (sent for review with it). */
  const review = { token: '', draftId: '', seen: '' };
  /** The workspace the manager works on (Fuzz Co), named in the header of the staff-only workspace routes. */
  let staffWorkspaceId = '';
  /** A draft in that workspace, for the review links the manager sends. */
  let fuzzCoDraft = '';
  const staffEmails = ['manager@fuzz.test', 'admin@fuzz.test'];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    callers = {
      anonymous: apiCaller(t),
      client: await signUpAs(t, 'client@fuzz.test'),
      deleter: await signUpAs(t, 'deleter@fuzz.test'),
      manager: await signUpAs(t, 'manager@fuzz.test', 'manager'),
      admin: await signUpAs(t, 'admin@fuzz.test', 'admin'),
      founder: await signUpAs(t, 'founder@fuzz.test'),
    };
    const promotable = await signUpAs(t, 'promotable@fuzz.test');
    const draft = await callers.client.post('/api/drafts', { type: 'post', text: 'fuzz' });
    const client = await callers.founder.post('/api/admin/clients', { name: 'Fuzz Co', owner: 'owner@fuzz.test' });
    // The manager works on Fuzz Co, so the client and request routes reach their handlers for them.
    await callers.founder.post(`/api/admin/clients/${client.json().id}/manager`, { email: 'manager@fuzz.test' });
    const request = await callers.founder.post('/api/admin/requests', { type: 'support', subject: 'Fuzz', requester: 'owner@fuzz.test' });
    staffWorkspaceId = client.json().id;
    const staffDraft = await t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: { origin: TEST_BASE_URL, cookie: callers.manager.cookie, [WORKSPACE_HEADER]: staffWorkspaceId },
      payload: { type: 'post', text: 'fuzz staff draft' },
    });
    fuzzCoDraft = staffDraft.json().id;
    const workspace = (await callers.client.get('/api/workspace')).json();
    // A draft in review, for the one route that needs one; a teammate, for the member routes.
    const inReview = (await callers.client.post('/api/drafts', { type: 'post', text: 'fuzz review' })).json().id as string;
    await callers.client.post(`/api/drafts/${inReview}/review`);
    const teammate = await signUpAs(t, 'teammate@fuzz.test');
    await t.db
      .insertInto('workspaceMember')
      .values({ workspaceId: workspace.id, userId: teammate.userId, role: 'editor', createdAt: new Date().toISOString() })
      .execute();
    const reviewDraft = (await callers.client.post('/api/drafts', { type: 'post', text: 'fuzz link' })).json().id as string;
    const link = await createReviewLink(t.db, {
      workspace,
      draftIds: [reviewDraft],
      email: 'reviewer@fuzz.test',
      expiresInDays: 14,
      by: { name: 'Fuzz staff', email: 'admin@fuzz.test', kind: 'staff' },
    });
    Object.assign(review, { token: link.token, draftId: reviewDraft, seen: link.sentForReview[0].updatedAt });
    const toApprove = (await callers.client.post('/api/drafts', { type: 'post', text: 'fuzz approve' })).json().id as string;
    await callers.client.post(`/api/drafts/${toApprove}/review`);
    // A draft of its own to move: the shared one is published by the publish route before this runs.
    // Approved, since the fuzzed PATCH /api/workspace may have turned on required approval.
    const toSchedule = (await callers.client.post('/api/drafts', { type: 'post', text: 'fuzz schedule' })).json().id as string;
    await callers.client.post(`/api/drafts/${toSchedule}/review`);
    expect((await callers.client.post(`/api/drafts/${toSchedule}/approve`)).statusCode).toBe(200);
    // A finished clip job of the client with its clip in the file store, for the routes that make drafts of clips.
    const clipJob = 'fuzz-clip-job';
    await insertFinishedClipJob(t, { id: clipJob, userId: callers.client.userId, workspaceId: workspace.id, bytes: Buffer.from('clip') });
    ids = {
      '/api/clipper/jobs/': clipJob,
      '/api/drafts/:id/request-changes': inReview,
      '/api/drafts/:id/approve': toApprove,
      '/api/drafts/:id/schedule': toSchedule,
      '/api/drafts/': draft.json().id,
      '/api/workspace/members/': teammate.userId,
      '/api/admin/clients/': client.json().id,
      '/api/admin/requests/': request.json().id,
      '/api/admin/team/': promotable.userId,
    };
    const invited = await callers.founder.post('/api/admin/clients', { name: 'Fuzz Invite Co', owner: 'invitee@fuzz.test' });
    const invite = async (workspaceId: string, email: string) =>
      (await createInvitation(t.db, { workspaceId, email, invitedBy: 'founder@fuzz.test' })).token;
    invitationTokens.lookup = await invite(client.json().id, 'owner@fuzz.test');
    invitationTokens.accept = await invite(invited.json().id, 'invitee@fuzz.test');
    invitationTokens.join = (
      await createInvitation(t.db, {
        workspaceId: invited.json().id,
        email: 'client@fuzz.test',
        invitedBy: 'founder@fuzz.test',
        role: 'editor',
      })
    ).token;
    process.on('unhandledRejection', onRejection);
  }, 60_000);

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await t.close();
    await Promise.all([ai.close(), airtable.close(), bluesky.close()]);
  });

  /** Calendar ranges: some a month long (valid), some reversed, too long, or on a day no month has. */
  const CALENDAR_RANGE: ArbitraryOverrides = {
    from: fc.constantFrom('2030-01-01T00:00:00Z', '2030-01-15T00:00:00+01:00', '2030-02-30T00:00:00Z'),
    to: fc.constantFrom('2030-02-01T00:00:00Z', '2030-02-10T00:00:00-05:00', '2029-12-01T00:00:00Z', '2031-01-01T00:00:00Z'),
  };
  /** Refinements the definitions cannot show, so that a good share of the generated values is valid. */
  const OVERRIDES: Record<string, ArbitraryOverrides> = {
    'GET /api/calendar': CALENDAR_RANGE,
    'GET /api/admin/calendar': CALENDAR_RANGE,
    // Exactly one of at and local; times both past and future, real and not.
    'POST /api/drafts/:id/schedule': {
      at: fc.option(
        fc.oneof(
          {
            arbitrary: fc.integer({ min: -86_400_000, max: 365 * 86_400_000 }).map((offset) => new Date(Date.now() + offset).toISOString()),
            weight: 4,
          },
          { arbitrary: fc.constantFrom('2031-02-30T09:00:00Z', '2031-13-01T09:00:00+02:00', '9999-12-31T23:00:00-05:00'), weight: 1 },
        ),
        { nil: undefined },
      ),
      local: fc.option(fc.constantFrom('2031-03-30T02:30', '2031-02-30T09:00', '2020-01-01T09:00', '2031-10-26T02:30'), { nil: undefined }),
      timeZone: fc.option(fc.constantFrom('Europe/Berlin', 'America/New_York', 'UTC', 'Mars/Olympus'), { nil: undefined }),
    },
    // Passwords of an app password's shape (which the stub Bluesky signs in) among others; servers
    // without host names to look up, or the stub itself.
    'POST /api/social/bluesky/connect': {
      appPassword: fc.oneof(fc.constantFrom('abcd-efgh-ijkl-mnop', 'wxyz-1234-5678-90ab'), fc.string()),
      service: fc.option(fc.constantFrom(bluesky.url, 'http://10.0.0.1', 'ftp://x', 'not a server', ''), { nil: undefined }),
    },
    'PATCH /api/workspace': {
      timeZone: fc.option(fc.constantFrom(...Intl.supportedValuesOf('timeZone'), 'Mars/Olympus', ''), { nil: null }),
    },
    'PATCH /api/me/profile': {
      photoURL: fc.option(fc.oneof(fc.webUrl(), fc.constant('/api/files/avatars/x/1-a.png'), fc.string()), { nil: null }),
    },
    // No host names here: a valid URL would be looked up in DNS (hostile-inputs.test.ts covers the SSRF guard).
    'PUT /api/admin/settings': {
      webhookUrl: fc.constantFrom('', 'http://127.0.0.1/hook', 'http://10.0.0.1/', 'https://[::1]/', 'ftp://x', 'not a url', 'http://'),
    },
    // An account without a name gets a workspace named after its email.
    'DELETE /api/workspace': { confirmName: fc.oneof(fc.constant('deleter@fuzz.test'), fc.string()) },
    'POST /api/admin/team': {
      email: fc.oneof(fc.constantFrom('promotable@fuzz.test', 'founder@fuzz.test', 'nobody@fuzz.test'), fc.emailAddress()),
    },
    // A manager opens requests for the owners of their clients only.
    'POST /api/admin/requests': { requester: fc.oneof(fc.constant('owner@fuzz.test'), fc.emailAddress()) },
    'POST /api/admin/clients/:id/manager': { email: fc.oneof(fc.constantFrom(...staffEmails, 'client@fuzz.test'), fc.emailAddress()) },
    // Never the fuzz manager's own assignment: the routes after this one need it.
    'DELETE /api/admin/clients/:id/manager': { email: fc.oneof(fc.constant('admin@fuzz.test'), fc.emailAddress()) },
    // The tokens are read when a value is drawn: beforeAll has made them by then.
    'POST /api/invitations/lookup': {
      token: fc.oneof(
        fc.constant(null).map(() => invitationTokens.lookup),
        fc.string(),
      ),
    },
    'POST /api/invitations/accept': {
      token: fc.oneof(
        fc.constant(null).map(() => invitationTokens.accept),
        fc.string(),
      ),
      password: fc.string({ minLength: 8, maxLength: 128 }),
    },
    'POST /api/invitations/join': {
      token: fc.oneof(
        fc.constant(null).map(() => invitationTokens.join),
        fc.string(),
      ),
    },
    'POST /api/review/lookup': {
      token: fc.oneof(
        fc.constant(null).map(() => review.token),
        fc.string(),
      ),
    },
    'POST /api/review/decide': {
      token: fc.oneof(
        fc.constant(null).map(() => review.token),
        fc.string(),
      ),
      draftId: fc.oneof(
        fc.constant(null).map(() => review.draftId),
        fc.string(),
      ),
      seen: fc.oneof(
        fc.constant(null).map(() => review.seen),
        fc.string(),
      ),
    },
    // The manager's client's drafts: a link needs real ones.
    'POST /api/review-links': {
      draftIds: fc.oneof(
        fc.constant(null).map(() => [fuzzCoDraft]),
        fc.array(fc.string()),
      ),
    },
  };

  it('finds the JSON and query endpoints in the route list', () => {
    const keys = FUZZED.map((route) => routeKey(route.method, route.url));
    expect(keys.length).toBeGreaterThanOrEqual(25);
    expect(keys).toEqual(
      expect.arrayContaining(['POST /api/onboarding/submit', 'PUT /api/admin/settings', 'POST /api/assistant', 'GET /api/admin/clients']),
    );
  });

  // One test per endpoint of the route list.
  for (const route of FUZZED) {
    it(`${routeKey(route.method, route.url)}: ${RUNS} runs`, async () => {
      const key = routeKey(route.method, route.url);
      const schema = schemaOf(route);
      const overrides = OVERRIDES[key] ?? {};
      const shapeOf = (part: unknown) => Object.keys((part as { shape?: object }).shape ?? {});

      // The contract-shaped values are valid often enough to reach the handlers.
      if (schema.body) {
        const samples = fc.sample(arbitraryOf(schema.body, overrides), 200);
        const valid = samples.filter((value) => (schema.body as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success);
        expect(valid.length, `${key}: share of valid bodies`).toBeGreaterThan(40);
      }

      const caller = callers[roleFor(route)];
      const idParam = Object.entries(ids).find(([prefix]) => route.url.startsWith(prefix))?.[1] ?? 'missing';
      const params = fc.oneof(
        { weight: 9, arbitrary: fc.constant({ id: idParam, provider: 'google' }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary', maxLength: 200 })), fc.string())
            .map(([id, provider]) => ({ id, provider })),
        },
      );
      const request = fc.record({
        params,
        body: schema.body ? bodyArbitrary(arbitraryOf(schema.body, overrides), shapeOf(schema.body)) : fc.constant<JsonBody>({}),
        query: schema.querystring
          ? queryArbitrary(arbitraryOf(schema.querystring, overrides), shapeOf(schema.querystring))
          : fc.constant(''),
      });
      const statuses = new Map<number, number>();

      await fc.assert(
        fc.asyncProperty(request, async ({ params: p, body, query }) => {
          const url =
            route.url
              .replace(/:(id|userId)/, percentEncode(p.id) || 'x')
              .replace(':provider', percentEncode(p.provider) || 'x')
              .replace(':n', '1') + query;
          const options: InjectOptions = {
            method: route.method as 'POST',
            url,
            headers: {
              origin: TEST_BASE_URL,
              ...(caller.cookie ? { cookie: caller.cookie } : {}),
              ...(route.url.startsWith('/api/review-links') ? { [WORKSPACE_HEADER]: staffWorkspaceId } : {}),
              ...(body.contentType ? { 'content-type': body.contentType } : {}),
            },
            ...(body.body === undefined ? {} : { payload: body.body }),
          };
          const response = await t.app.inject(options);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const where = `${route.method} ${url.slice(0, 300)} ${(body.body ?? '').slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type'], where).toMatch(/^application\/json/);
            expect(typeof response.json().error, where).toBe('string');
          }
        }),
        { numRuns: RUNS },
      );
      // Both kinds of answer were seen: the fuzz reached the handlers and was also refused.
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      expect(total, key).toBe(RUNS);
      expect(
        [...statuses.keys()].some((s) => s < 400),
        SIGNED_LINKS.has(key) ? `${key} accepted an unsigned link` : `${key} never succeeded: ${JSON.stringify([...statuses])}`,
      ).toBe(!SIGNED_LINKS.has(key));
      expect(
        [...statuses.keys()].some((s) => s >= 400),
        `${key} never refused: ${JSON.stringify([...statuses])}`,
      ).toBe(true);
    }, 120_000);
  }

  /** Asserts an answer is below 500 and, when a 4xx, JSON with a string `error` (and `detail` from the clipper). */
  function expectHandled(response: LightMyRequestResponse, where: string) {
    const summary = `${where} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, summary).toBeLessThan(500);
    if (response.statusCode < 400) return;
    expect(response.headers['content-type'], summary).toMatch(/^application\/json/);
    expect(typeof response.json().error, summary).toBe('string');
    if (where.includes('/api/process')) expect(response.json().detail, summary).toBe(response.json().error);
  }

  it(`GET /api/files/*: ${RUNS} keys, odd characters and shapes among them`, async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const form = await multipartBody([{ name: 'file', file: png, filename: 'me.png', type: 'image/png' }]);
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: TEST_BASE_URL, cookie: callers.client.cookie, ...form.headers },
      payload: form.payload,
    });
    const avatarPath: string = avatar.json().url;
    const segment = fc.oneof(
      fc.constantFrom('avatars', 'drafts', '..', '.', '...', '%', '@', '+', '~', 'a'.repeat(300), ...NASTY_STRINGS),
      fc.string({ unit: 'binary', maxLength: 30 }),
    );
    const url = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/api/files/${parts.map(percentEncode).join('/')}`),
      fc.array(segment, { maxLength: 3 }).map((parts) => [avatarPath, ...parts.map(percentEncode)].join('/')),
      fc.constant(avatarPath),
      fc.constantFrom('%', '%25', '%zz', '%C0%AE%C0%AE', 'a%2F..%2F..', '.../x', 'a@b', 'a+b').map((key) => `/api/files/avatars/${key}`),
    );
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(url, async (target) => {
        const response = await t.app.inject({ url: target });
        statuses.add(response.statusCode);
        expectHandled(response, `GET ${target.slice(0, 300)}`);
      }),
      { numRuns: RUNS },
    );
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 404]));
  });

  /** Multipart bodies that break somewhere: cut short, under another boundary, a missing or odd boundary, or just noise. */
  function brokenMultipart(field: string): fc.Arbitrary<{ contentType: string; payload: string }> {
    const form = `--abc\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--abc--\r\n`;
    const boundary = fc.oneof(
      fc.constantFrom(
        '',
        '; boundary=abc',
        '; boundary=',
        '; boundary="abc"',
        '; boundary="abc',
        `; boundary=${'b'.repeat(300)}`,
        '; charset=utf-8',
      ),
      fc.string({ maxLength: 40 }).map((text) => `; boundary=${text}`),
    );
    const payload = fc.oneof(
      // Cut before the file part ends, so that no upload is complete (nothing reaches ffprobe).
      fc.integer({ min: 0, max: form.indexOf('\r\n--abc--') }).map((end) => form.slice(0, end)),
      fc
        .tuple(fc.integer({ min: 0, max: form.length }), fc.string({ unit: 'binary', maxLength: 40 }))
        .map(([at, noise]) => form.slice(0, at) + noise),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom(...brokenMultipartBodies(field).map((body) => body.payload)),
    );
    return fc.record({ contentType: boundary.map((parameters) => `multipart/form-data${parameters}`), payload });
  }

  for (const [route, field] of [
    ['/api/me/avatar', 'file'],
    ['/api/drafts/:id/media', 'file'],
    ['/api/process', 'video_file'],
  ] as const) {
    it(`POST ${route}: ${RUNS} broken multipart bodies`, async () => {
      const url = route.replace(':id', ids['/api/drafts/']);
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(brokenMultipart(field), async ({ contentType, payload }) => {
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { origin: TEST_BASE_URL, cookie: callers.client.cookie, 'content-type': contentType },
            payload,
          });
          statuses.add(response.statusCode);
          expectHandled(response, `POST ${url} ${JSON.stringify(contentType.slice(0, 100))} ${JSON.stringify(payload.slice(0, 200))}`);
        }),
        { numRuns: RUNS },
      );
      expect([...statuses], route).toContain(400);
    }, 120_000);
  }

  it('left no unhandled rejection and no polluted prototype', () => {
    expect(rejections).toEqual([]);
    expect(({} as Record<string, unknown>).hooklinePolluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('hooklinePolluted');
  });
});
