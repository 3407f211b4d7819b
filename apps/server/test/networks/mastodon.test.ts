import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createMastodonAdapter } from '../../src/modules/networks/mastodon/mastodon-adapter.ts';
import { normalizeInstanceUrl } from '../../src/modules/networks/instance-url.ts';
import { mastodonOAuthEndpoints, registerMastodonApp } from '../../src/modules/networks/mastodon/mastodon-connect.ts';
import type { ChannelAccount, NetworkAdapter, PostContent, PostMedia } from '../../src/modules/networks/network-adapter.ts';
import { ChannelAuthError, PublishError } from '../../src/modules/publishing/channel-publisher.ts';
import { startMastodonFake, type MastodonFake, type MastodonFakeRequest } from './mastodon-fake.ts';
import { imageMedia, videoMedia } from './post-media.ts';

let fake: MastodonFake;
let adapter: NetworkAdapter;
let host: string;
let token: string;
let loaf: PostMedia;
let crumb: PostMedia;
let clip: PostMedia;

const signal = () => AbortSignal.timeout(20_000);
/** A draft of its own per text (its key): posting the same text again is a retry of that draft. */
const post = (text: string, media: PostMedia[] = [], key = `draft:${text}`): PostContent => ({
  key,
  keyTime: new Date(),
  type: 'post',
  text,
  media,
});
const accountWith = (accessToken = token): ChannelAccount => ({
  accessToken,
  accountId: fake.account.id,
  handle: `@${fake.account.username}@${host}`,
  instanceUrl: fake.url,
});
const received = (method: string, path: string | RegExp) =>
  fake.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
const jsonOf = (request: MastodonFakeRequest) => JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
const formOf = (request: MastodonFakeRequest) =>
  new Response(request.body, { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
const bytesOf = async (media: PostMedia) => Buffer.concat((await (await media.open()).toArray()) as Buffer[]);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should have failed'),
    (error: unknown) => error,
  );

beforeAll(async () => {
  fake = await startMastodonFake();
  host = new URL(fake.url).host;
  // Short polls keep the tests quick; the default waits a second between looks.
  adapter = createMastodonAdapter(loadConfig({ ...fake.env }), { mediaPollMs: 20, mediaWaitMs: 5000 });
  [loaf, crumb, clip] = await Promise.all([
    imageMedia({ width: 640, height: 480, altText: 'A round sourdough loaf on a board' }),
    imageMedia({ width: 800, height: 800, altText: 'The open crumb, close up' }),
    videoMedia({ width: 320, height: 240, seconds: 1 }),
  ]);
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.resetRateLimit();
  fake.setMediaProcessingPolls(2);
  token = fake.issueAccessToken();
});

describe('connecting', () => {
  it('registers Hookline, signs in with PKCE, reads the account and revokes the token', async () => {
    const instanceUrl = await normalizeInstanceUrl(`${fake.url}/`, { allowPrivate: true });
    expect(instanceUrl).toBe(fake.url);
    const redirectUri = 'http://localhost:3000/api/social/mastodon/callback';
    const app = await registerMastodonApp(instanceUrl, redirectUri, signal());
    expect(jsonOf(received('POST', '/api/v1/apps')[0])).toEqual({
      client_name: 'Hookline',
      redirect_uris: redirectUri,
      scopes: 'read write',
      website: 'http://localhost:3000',
    });
    expect(fake.apps.get(app.clientId)?.clientSecret).toBe(app.clientSecret);

    const { authUrl, tokenUrl, revokeUrl, scopes } = mastodonOAuthEndpoints(instanceUrl);
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(authUrl);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: redirectUri,
      scope: scopes,
      state: 'state-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code') ?? '';

    const exchange = (codeVerifier: string) =>
      fetch(tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
      });
    const invalidGrant = {
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    };
    const wrongVerifier = await exchange('not-the-verifier');
    expect([wrongVerifier.status, await wrongVerifier.json()]).toEqual([400, invalidGrant]);
    const issued = await exchange(verifier);
    const tokens = (await issued.json()) as { access_token: string; token_type: string; scope: string };
    expect(issued.status).toBe(200);
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    const reused = await exchange(verifier);
    expect([reused.status, await reused.json()]).toEqual([400, invalidGrant]);

    expect(await adapter.fetchAccount(tokens.access_token, instanceUrl, { signal: signal() })).toEqual({
      accountId: `${fake.account.id}@${new URL(fake.url).host}`,
      handle: `@hookline_bakery@${host}`,
    });
    expect(received('GET', '/api/v1/accounts/verify_credentials')[0].headers.authorization).toBe(`Bearer ${tokens.access_token}`);

    const revoked = await fetch(revokeUrl, {
      method: 'POST',
      body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, token: tokens.access_token }),
    });
    expect([revoked.status, await revoked.json()]).toEqual([200, {}]);
    const error = await failure(adapter.fetchAccount(tokens.access_token, instanceUrl, { signal: signal() }));
    expect(error).toBeInstanceOf(ChannelAuthError);
    expect((error as ChannelAuthError).platformError).toBe('{"error":"The access token was revoked"}');
  });

  it('does not call a local server unless private instances are allowed', async () => {
    const strict = createMastodonAdapter(loadConfig({}));
    const error = await failure(strict.publish(accountWith(), post('Hello'), { signal: signal() }));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({
      temporary: false,
      message: `Mastodon servers are reached over https://; "${fake.url}" is not an https address.`,
    });
    await expect(normalizeInstanceUrl(fake.url.replace('http:', 'https:'), { allowPrivate: false })).rejects.toThrow(
      `${host} is not a public server`,
    );
    expect(fake.requests).toEqual([]);
  });
});

describe('publishing', () => {
  it('posts a text as a public status, with an idempotency key from the draft', async () => {
    const published = await adapter.publish(accountWith(), post('Fresh sourdough at 8.'), { signal: signal() });
    expect(published).toEqual({ externalId: expect.any(String), url: `${fake.url}/@hookline_bakery/${published.externalId}` });
    expect(fake.statuses.get(published.externalId)).toMatchObject({ text: 'Fresh sourdough at 8.', visibility: 'public', mediaIds: [] });
    const [request] = received('POST', '/api/v1/statuses');
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
    expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(jsonOf(request)).toEqual({ status: 'Fresh sourdough at 8.', media_ids: [], visibility: 'public' });
  });

  it('never posts the same post twice: a retry gets the status Mastodon already made', async () => {
    const account = accountWith();
    const before = fake.statuses.size;
    const first = await adapter.publish(account, post('Rye is back on Friday.'), { signal: signal() });
    const retried = await adapter.publish(account, post('Rye is back on Friday.'), { signal: signal() });
    expect(retried).toEqual(first);
    expect(fake.statuses.size).toBe(before + 1);
    const keys = received('POST', '/api/v1/statuses').map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);

    const other = await adapter.publish(account, post('Rye is back on Saturday.'), { signal: signal() });
    expect(other.externalId).not.toBe(first.externalId);
    expect(fake.statuses.size).toBe(before + 2);

    // Another draft with the same words is another post.
    const copy = await adapter.publish(account, post('Rye is back on Friday.', [], 'another-draft'), { signal: signal() });
    expect(copy.externalId).not.toBe(first.externalId);
    expect(fake.statuses.size).toBe(before + 3);
  });

  it('uploads images with their descriptions, then attaches them in order', async () => {
    const published = await adapter.publish(accountWith(), post('Two loaves', [loaf, crumb]), { signal: signal() });
    const uploads = received('POST', '/api/v2/media');
    expect(uploads).toHaveLength(2);
    const mediaIds: string[] = [];
    for (const [index, media] of [loaf, crumb].entries()) {
      const form = await formOf(uploads[index]);
      const file = form.get('file') as File;
      expect([file.name, file.type]).toEqual([media.name, 'image/jpeg']);
      expect(Buffer.from(await file.arrayBuffer()).equals(await bytesOf(media))).toBe(true);
      expect(form.get('description')).toBe(media.altText);
      const stored = [...fake.media.values()].find((item) => item.filename === media.name && item.statusId === published.externalId);
      mediaIds.push(stored?.id ?? '');
    }
    // Images are processed as they are uploaded: no polling.
    expect(received('GET', /^\/api\/v1\/media\//)).toEqual([]);
    expect(jsonOf(received('POST', '/api/v1/statuses')[0])).toEqual({ status: 'Two loaves', media_ids: mediaIds, visibility: 'public' });
  });

  it('waits for a video Mastodon processes in the background before posting it', async () => {
    fake.setMediaProcessingPolls(3);
    const published = await adapter.publish(
      accountWith(),
      { key: 'draft-video', keyTime: new Date(), type: 'video', text: 'Shaping, in one minute', media: [clip] },
      { signal: signal() },
    );
    const [upload] = received('POST', '/api/v2/media');
    const file = (await formOf(upload)).get('file') as File;
    expect(Buffer.from(await file.arrayBuffer()).equals(await bytesOf(clip))).toBe(true);
    const [video] = [...fake.media.values()].filter((item) => item.statusId === published.externalId);
    expect(video).toMatchObject({ type: 'video', mimeType: 'video/mp4', description: null });
    // Three answers of 206 (still processing), then 200; only then the status.
    const polls = received('GET', `/api/v1/media/${video.id}`);
    expect(polls).toHaveLength(4);
    expect(fake.requests.indexOf(received('POST', '/api/v1/statuses')[0])).toBeGreaterThan(fake.requests.indexOf(polls[3]));
    expect(fake.statuses.get(published.externalId)?.mediaIds).toEqual([video.id]);
  });

  it('stops waiting for processing after a while, to try again later', async () => {
    fake.setMediaProcessingPolls(Infinity);
    const impatient = createMastodonAdapter(loadConfig({ ...fake.env }), { mediaPollMs: 20, mediaWaitMs: 150 });
    const error = await failure(impatient.publish(accountWith(), post('Shaping', [clip]), { signal: signal() }));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({
      temporary: true,
      message: `Mastodon has not finished processing ${clip.name} yet. Hookline will try again.`,
    });
    expect(received('GET', /^\/api\/v1\/media\//).length).toBeGreaterThan(1);
    expect(received('POST', '/api/v1/statuses')).toEqual([]);
  });

  it('stops at once when aborted while the video is processing', async () => {
    fake.setMediaProcessingPolls(Infinity);
    const controller = new AbortController();
    const publishing = failure(adapter.publish(accountWith(), post('Shaping', [clip]), { signal: controller.signal }));
    await vi.waitFor(() => expect(received('GET', /^\/api\/v1\/media\//).length).toBeGreaterThan(0));
    controller.abort();
    expect(await publishing).toMatchObject({ name: 'AbortError' });
    // A poll already on its way when the signal fired may still arrive: count once that has settled.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polls = received('GET', /^\/api\/v1\/media\//).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received('GET', /^\/api\/v1\/media\//).length).toBe(polls);
    expect(received('POST', '/api/v1/statuses')).toEqual([]);
  });

  it('fails a video Mastodon could not process, in its own words', async () => {
    const body = '{"error":"Error processing thumbnail for uploaded media"}';
    fake.failNext(422, JSON.parse(body), {}, { method: 'GET', path: '/api/v1/media/' });
    const error = await failure(adapter.publish(accountWith(), post('Shaping', [clip]), { signal: signal() }));
    expect(error).toMatchObject({
      temporary: false,
      message: `Mastodon refused ${clip.name}: Error processing thumbnail for uploaded media.`,
      platformError: body,
    });
  });
});

describe('metrics', () => {
  it("reads a status's favourites, boosts and replies", async () => {
    const { externalId } = await adapter.publish(accountWith(), post('Count me'), { signal: signal() });
    fake.like(externalId, 3);
    fake.boost(externalId, 2);
    fake.reply(externalId);
    expect(await adapter.fetchMetrics(accountWith(), externalId, { signal: signal() })).toEqual({
      views: null,
      impressions: null,
      likes: 3,
      comments: 1,
      reposts: 2,
    });
    expect(received('GET', `/api/v1/statuses/${externalId}`)[0].headers.authorization).toBe(`Bearer ${token}`);
  });

  it('says when the post is gone', async () => {
    const error = await failure(adapter.fetchMetrics(accountWith(), '42', { signal: signal() }));
    expect(error).toMatchObject({
      temporary: false,
      message: 'This post is no longer on Mastodon; it may have been deleted.',
      platformError: '{"error":"Record not found"}',
    });
  });
});

describe("Mastodon's refusals", () => {
  it('asks for a reconnect when the token is invalid or revoked', async () => {
    const invalid = await failure(adapter.publish(accountWith('made-up'), post('Hello'), { signal: signal() }));
    expect(invalid).toBeInstanceOf(ChannelAuthError);
    expect(invalid).toMatchObject({
      message: `Mastodon at ${host} no longer accepts this channel's authorization. Reconnect the channel.`,
      platformError: '{"error":"The access token is invalid"}',
    });
    fake.revokeAccessTokens();
    const revoked = await failure(adapter.fetchMetrics(accountWith(), '42', { signal: signal() }));
    expect(revoked).toBeInstanceOf(ChannelAuthError);
    expect((revoked as ChannelAuthError).platformError).toBe('{"error":"The access token was revoked"}');
  });

  it('waits until the rate limit resets, as X-RateLimit-Reset says', async () => {
    fake.exhaustRateLimit(90_000);
    const before = fake.statuses.size;
    const error = await failure(adapter.publish(accountWith(), post('Hello'), { signal: signal() }));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({
      temporary: true,
      message: `Mastodon at ${host} is limiting how fast Hookline may post. Hookline will try again.`,
      platformError: '{"error":"Too many requests"}',
    });
    expect((error as PublishError).retryAfterMs).toBeGreaterThan(85_000);
    expect((error as PublishError).retryAfterMs).toBeLessThanOrEqual(90_000);
    expect(received('POST', '/api/v1/statuses')).toHaveLength(1);
    expect(fake.statuses.size).toBe(before);
  });

  it('retries a server error, and the retry posts once', async () => {
    const page = '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>';
    fake.failNext(503, page, {}, { method: 'POST', path: '/api/v1/statuses' });
    const before = fake.statuses.size;
    const error = await failure(adapter.publish(accountWith(), post('Oven is hot'), { signal: signal() }));
    expect(error).toMatchObject({
      temporary: true,
      retryAfterMs: undefined,
      message: `Mastodon at ${host} had a problem (HTTP 503). Hookline will try again.`,
      platformError: page,
    });
    expect(fake.statuses.size).toBe(before);
    await adapter.publish(accountWith(), post('Oven is hot'), { signal: signal() });
    expect(fake.statuses.size).toBe(before + 1);
  });

  it('fails a text over the limit, with a sentence and Mastodon’s own words', async () => {
    const long = post('a'.repeat(501));
    expect(adapter.checkPost(long)).toEqual(['Mastodon counts this text as 501 characters; the limit is 500.']);
    const error = await failure(adapter.publish(accountWith(), long, { signal: signal() }));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).not.toBeInstanceOf(ChannelAuthError);
    expect(error).toMatchObject({
      temporary: false,
      message: 'This Mastodon server takes at most 500 characters in a post; shorten the text.',
      platformError: '{"error":"Validation failed: Text character limit of 500 exceeded"}',
    });
  });

  it('fails a video beside an image, as Mastodon refuses it', async () => {
    fake.setMediaProcessingPolls(0);
    const mixed = post('Both', [clip, loaf]);
    expect(adapter.checkPost(mixed)).toHaveLength(1);
    const error = await failure(adapter.publish(accountWith(), mixed, { signal: signal() }));
    expect(error).toMatchObject({
      temporary: false,
      message: 'Mastodon refused the post: Cannot attach a video to a post that already contains images.',
      platformError: '{"error":"Cannot attach a video to a post that already contains images"}',
    });
  });
});
