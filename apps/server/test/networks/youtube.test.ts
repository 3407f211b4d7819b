import { generateCodeVerifier, generateState, OAuth2RequestError } from 'arctic';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { ChannelAccount, NetworkAdapter, PostContent, PostMedia } from '../../src/modules/networks/network-adapter.ts';
import { createYouTubeAdapter } from '../../src/modules/networks/youtube/youtube-adapter.ts';
import { ChannelAuthError, PublishError } from '../../src/modules/publishing/channel-publisher.ts';
import { channelOAuthClient, classifyTokenError } from '../../src/modules/social/channel-oauth-client.ts';
import { getChannelProvider } from '../../src/modules/social/channel-providers.ts';
import { imageMedia, videoMedia } from './post-media.ts';
import { GOOGLE_ERRORS, googleError, startYouTubeFake, type RecordedRequest, type YouTubeFake } from './youtube-fake.ts';

const CHUNK = 256 * 1024;
let fake: YouTubeFake;
let adapter: NetworkAdapter;
let token: string;
/** Landscape, over a megabyte: several 256 KiB chunks. */
let film: PostMedia;
/** Vertical, for Shorts. */
let short: PostMedia;

const signal = () => AbortSignal.timeout(20_000);
const accountWith = (accessToken = token): ChannelAccount => ({
  accessToken,
  accountId: fake.channel.id,
  handle: fake.channel.customUrl,
  instanceUrl: null,
});
const bytesOf = async (media: PostMedia) => Buffer.concat((await (await media.open()).toArray()) as Buffer[]);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should have failed'),
    (error: unknown) => error,
  );
const sessionPuts = () => fake.requests.filter((r) => r.method === 'PUT' && r.path === '/upload/youtube/v3/videos');
const rangeOf = (request: RecordedRequest) => String(request.headers['content-range']);
const video = (text: string, media: PostMedia = film, type: PostContent['type'] = 'video'): PostContent => ({
  key: 'draft-1',
  keyTime: new Date(),
  type,
  text,
  media: [media],
});

beforeAll(async () => {
  fake = await startYouTubeFake();
  // Small chunks make a short test video take several PUTs; short waits keep resumes quick.
  adapter = createYouTubeAdapter(loadConfig({ ...fake.env }), { chunkBytes: CHUNK, resumeDelayMs: 10 });
  [film, short] = await Promise.all([
    videoMedia({ width: 640, height: 360, seconds: 4 }),
    videoMedia({ width: 360, height: 640, seconds: 2 }),
  ]);
  expect(film.size).toBeGreaterThan(3 * CHUNK);
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.chunks.length = 0;
  fake.protocolErrors.length = 0;
  token = fake.issueTokens().accessToken;
});

describe('the channel', () => {
  it('reads the channel id and custom URL behind a token from channels.list mine=true', async () => {
    expect(await adapter.fetchAccount(token, null, { signal: signal() })).toEqual({
      accountId: fake.channel.id,
      handle: '@hooklinebakery',
    });
    const [request] = fake.requests;
    expect(request.path).toBe('/youtube/v3/channels');
    expect(Object.fromEntries(request.query)).toEqual({ part: 'snippet', mine: 'true' });
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
  });
});

describe('publishing', () => {
  it('uploads a video in 256 KiB chunks with its title, description and public status', async () => {
    const published = await adapter.publish(accountWith(), video('Sourdough at dawn\n\nThree days of proofing, one morning of baking.'), {
      signal: signal(),
    });
    expect(published.url).toBe(`https://www.youtube.com/watch?v=${published.externalId}`);

    const [start] = fake.requests;
    expect(start.method).toBe('POST');
    expect(start.path).toBe('/upload/youtube/v3/videos');
    expect(Object.fromEntries(start.query)).toEqual({ uploadType: 'resumable', part: 'snippet,status' });
    expect(start.headers['x-upload-content-length']).toBe(String(film.size));
    expect(start.headers['x-upload-content-type']).toBe('video/mp4');
    expect(start.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(start.body.toString('utf8'))).toEqual({
      snippet: { title: 'Sourdough at dawn', description: 'Three days of proofing, one morning of baking.' },
      status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });

    const puts = sessionPuts();
    expect(puts.length).toBe(Math.ceil(film.size / CHUNK));
    puts.forEach((put, index) => {
      const first = index * CHUNK;
      const last = Math.min(first + CHUNK, film.size) - 1;
      expect(rangeOf(put)).toBe(`bytes ${first}-${last}/${film.size}`);
      expect(put.headers.authorization).toBe(`Bearer ${token}`);
    });
    expect(fake.protocolErrors).toEqual([]);
    const stored = fake.videos.get(published.externalId)!;
    expect(stored.bytes.equals(await bytesOf(film))).toBe(true);
    expect(stored.contentType).toBe('video/mp4');
  });

  it('publishes a Short at its Shorts address, without adding #Shorts', async () => {
    const published = await adapter.publish(accountWith(), video('Crumb shot', short, 'reel'), { signal: signal() });
    expect(published.url).toBe(`https://www.youtube.com/shorts/${published.externalId}`);
    expect(fake.videos.get(published.externalId)!.snippet).toEqual({ title: 'Crumb shot', description: '' });
    expect(fake.videos.get(published.externalId)!.bytes.equals(await bytesOf(short))).toBe(true);
  });

  it('resumes after a 503 mid-upload from the bytes YouTube reports, not from the start', async () => {
    // The third chunk is half stored, then answered 503.
    fake.failChunk({ after: 2, status: 503, keepBytes: 100_000 });
    const published = await adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: signal() });

    const ranges = sessionPuts().map(rangeOf);
    expect(ranges.slice(0, 5)).toEqual([
      `bytes 0-${CHUNK - 1}/${film.size}`,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/${film.size}`,
      `bytes ${2 * CHUNK}-${3 * CHUNK - 1}/${film.size}`,
      // The status question, with an empty body…
      `bytes */${film.size}`,
      // …and the upload goes on from the 100,000 bytes of the failed chunk YouTube kept.
      `bytes ${2 * CHUNK + 100_000}-${Math.min(3 * CHUNK + 100_000, film.size) - 1}/${film.size}`,
    ]);
    expect(sessionPuts()[3].body.length).toBe(0);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(fake.chunks.filter((chunk) => chunk.start === 0)).toHaveLength(1);
    expect(fake.protocolErrors).toEqual([]);
    expect(fake.videos.get(published.externalId)!.bytes.equals(await bytesOf(film))).toBe(true);
  });

  it('resumes after the connection breaks mid-chunk', async () => {
    fake.failChunk({ after: 1, status: null, keepBytes: CHUNK / 2 });
    const published = await adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: signal() });
    const ranges = sessionPuts().map(rangeOf);
    expect(ranges[2]).toBe(`bytes */${film.size}`);
    expect(ranges[3]).toMatch(new RegExp(`^bytes ${CHUNK + CHUNK / 2}-`));
    expect(fake.protocolErrors).toEqual([]);
    expect(fake.videos.get(published.externalId)!.bytes.equals(await bytesOf(film))).toBe(true);
  });

  it('gives up for now, as a temporary failure, when chunks keep failing', async () => {
    for (let i = 0; i < 6; i += 1) fake.failChunk({ status: 503 });
    const error = await failure(adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: signal() }));
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).temporary).toBe(true);
    expect((error as PublishError).platformError).toBe(GOOGLE_ERRORS.backendError);
    // Six tries of the first chunk, with the status question between them.
    expect(sessionPuts().map(rangeOf)).toEqual(
      Array.from({ length: 11 }, (_, i) => (i % 2 === 0 ? `bytes 0-${CHUNK - 1}/${film.size}` : `bytes */${film.size}`)),
    );
    expect([...fake.sessions.values()].at(-1)!.video).toBeNull();
  });

  it('sends nothing for a post YouTube would refuse, and says why', async () => {
    const loaf = await imageMedia({ width: 640, height: 480 });
    const error = await failure(adapter.publish(accountWith(), video('A loaf', loaf, 'post'), { signal: signal() }));
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).temporary).toBe(false);
    expect((error as PublishError).message).toBe('A YouTube post is a video; attach one (YouTube takes no images).');
    expect(fake.requests).toEqual([]);
  });
});

describe('metrics', () => {
  it("reads views, likes and comments from the video's statistics", async () => {
    const { externalId } = await adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: signal() });
    fake.setStatistics(externalId, { views: 1234, likes: 56, comments: 7 });
    fake.requests.length = 0;
    expect(await adapter.fetchMetrics(accountWith(), externalId, { signal: signal() })).toEqual({
      views: 1234,
      impressions: null,
      likes: 56,
      comments: 7,
      reposts: null,
    });
    expect(Object.fromEntries(fake.requests[0].query)).toEqual({ part: 'statistics', id: externalId });
  });

  it('says when YouTube no longer has the video', async () => {
    const error = await failure(adapter.fetchMetrics(accountWith(), 'gone1234567', { signal: signal() }));
    expect((error as PublishError).message).toBe('YouTube has no video gone1234567; it may have been deleted.');
  });
});

describe('refusals', () => {
  it("turns an expired token's 401 into ChannelAuthError, keeping Google's body", async () => {
    fake.expireAccessTokens();
    const error = await failure(adapter.fetchMetrics(accountWith(), 'abc', { signal: signal() }));
    expect(error).toBeInstanceOf(ChannelAuthError);
    expect((error as ChannelAuthError).platformError).toBe(GOOGLE_ERRORS.authError);
    expect((error as ChannelAuthError).message).toBe("YouTube no longer accepts this channel's authorization. Reconnect the channel.");
  });

  it('turns a 401 during the upload into ChannelAuthError', async () => {
    fake.failNext(401, GOOGLE_ERRORS.authError, {}, { method: 'PUT' });
    const error = await failure(adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: signal() }));
    expect(error).toBeInstanceOf(ChannelAuthError);
    expect((error as ChannelAuthError).platformError).toBe(GOOGLE_ERRORS.authError);
  });

  it('waits as long as Retry-After says after a 429', async () => {
    const body = googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits');
    fake.failNext(429, body, { 'Retry-After': '30' });
    const error = (await failure(adapter.fetchMetrics(accountWith(), 'abc', { signal: signal() }))) as PublishError;
    expect(error.temporary).toBe(true);
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.platformError).toBe(body);
    expect(error.message).toBe('YouTube is limiting how fast Hookline may send requests. Hookline will try again.');
  });

  it('retries a 5xx', async () => {
    fake.failNext(503, GOOGLE_ERRORS.backendError, {}, { method: 'POST' });
    const error = (await failure(adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: signal() }))) as PublishError;
    expect(error.temporary).toBe(true);
    expect(error.platformError).toBe(GOOGLE_ERRORS.backendError);
    expect(error.message).toBe('YouTube had a problem (HTTP 503). Hookline will try again.');
  });

  it('retries an exhausted quota after midnight Pacific Time, and a 403 rate limit soon', async () => {
    fake.failNext(403, GOOGLE_ERRORS.quotaExceeded);
    const quota = (await failure(adapter.fetchMetrics(accountWith(), 'abc', { signal: signal() }))) as PublishError;
    expect(quota.temporary).toBe(true);
    expect(quota.retryAfterMs).toBeGreaterThan(0);
    expect(quota.retryAfterMs).toBeLessThanOrEqual(25 * 3_600_000);
    expect(quota.platformError).toBe(GOOGLE_ERRORS.quotaExceeded);
    expect(quota.message).toMatch(/quota; it resets at midnight Pacific Time/);

    fake.failNext(403, GOOGLE_ERRORS.userRateLimitExceeded);
    const rate = (await failure(adapter.fetchMetrics(accountWith(), 'abc', { signal: signal() }))) as PublishError;
    expect(rate.temporary).toBe(true);
  });

  it("fails for good on the channel's daily upload limit, in words and with Google's body", async () => {
    fake.failNext(400, GOOGLE_ERRORS.uploadLimitExceeded, {}, { method: 'POST' });
    const error = (await failure(adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: signal() }))) as PublishError;
    expect(error).not.toBeInstanceOf(ChannelAuthError);
    expect(error.temporary).toBe(false);
    expect(error.platformError).toBe(GOOGLE_ERRORS.uploadLimitExceeded);
    expect(error.message).toBe(
      'This YouTube channel has reached the number of videos YouTube lets it upload in a day. Publish it again tomorrow.',
    );
  });

  it('stops when the signal is aborted, also while waiting to resume', async () => {
    const already = AbortSignal.abort();
    expect(await failure(adapter.publish(accountWith(), video('Sourdough at dawn'), { signal: already }))).toMatchObject({
      name: 'AbortError',
    });
    expect(fake.requests).toEqual([]);

    const patient = createYouTubeAdapter(loadConfig({ ...fake.env }), { chunkBytes: CHUNK, resumeDelayMs: 60_000 });
    fake.failChunk({ after: 1, status: 503 });
    const controller = new AbortController();
    const publishing = failure(patient.publish(accountWith(), video('Sourdough at dawn'), { signal: controller.signal }));
    await vi.waitFor(() => expect(fake.chunks).toHaveLength(2), { timeout: 5000, interval: 10 });
    controller.abort();
    expect(await publishing).toMatchObject({ name: 'AbortError' });
    expect(sessionPuts()).toHaveLength(2);
  });
});

describe("the fake's Google OAuth, as the app's channel client uses it", () => {
  const redirectUri = 'http://localhost:3000/api/social/google/callback';
  const client = () => channelOAuthClient(getChannelProvider(loadConfig({ ...fake.env }), 'google'), redirectUri);

  /** The consent screen, answered at once: the code it sends back to the app. */
  async function authorize(codeVerifier: string): Promise<string> {
    const state = generateState();
    const consent = await fetch(client().createAuthorizationURL(state, codeVerifier), { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code')!;
  }

  it('issues tokens for a code with PKCE, refreshes them, and refuses a revoked refresh token', async () => {
    const verifier = generateCodeVerifier();
    const tokens = await client().validateAuthorizationCode(await authorize(verifier), verifier);
    expect(tokens.hasRefreshToken()).toBe(true);
    expect(fake.requests.find((r) => r.path === '/token')!.headers.authorization).toMatch(/^Basic /);
    expect(await adapter.fetchAccount(tokens.accessToken(), null, { signal: signal() })).toMatchObject({ accountId: fake.channel.id });

    fake.expireAccessTokens();
    const renewed = await client().refreshAccessToken(tokens.refreshToken());
    expect(renewed.accessToken()).not.toBe(tokens.accessToken());
    expect(renewed.hasRefreshToken()).toBe(false);
    expect(await adapter.fetchAccount(renewed.accessToken(), null, { signal: signal() })).toMatchObject({ accountId: fake.channel.id });

    fake.revokeRefreshTokens();
    const refused = await failure(client().refreshAccessToken(tokens.refreshToken()));
    expect(refused).toBeInstanceOf(OAuth2RequestError);
    expect(classifyTokenError(refused)).toEqual({ kind: 'rejected', detail: 'invalid_grant: Token has been expired or revoked.' });
  });

  it('refuses a code with the wrong PKCE verifier, or used twice', async () => {
    const verifier = generateCodeVerifier();
    const code = await authorize(verifier);
    const wrong = await failure(client().validateAuthorizationCode(code, generateCodeVerifier()));
    expect(classifyTokenError(wrong)).toEqual({ kind: 'rejected', detail: 'invalid_grant: Invalid code verifier.' });
    await client().validateAuthorizationCode(code, verifier);
    expect(classifyTokenError(await failure(client().validateAuthorizationCode(code, verifier)))).toEqual({
      kind: 'rejected',
      detail: 'invalid_grant: Bad Request',
    });
  });

  it('can leave out the refresh token when the same user consents again', async () => {
    const first = generateCodeVerifier();
    await client().validateAuthorizationCode(await authorize(first), first);
    fake.setRefreshTokenOnRepeatConsent(false);
    try {
      const again = generateCodeVerifier();
      const tokens = await client().validateAuthorizationCode(await authorize(again), again);
      expect(tokens.hasRefreshToken()).toBe(false);
      expect(await adapter.fetchAccount(tokens.accessToken(), null, { signal: signal() })).toMatchObject({ accountId: fake.channel.id });
    } finally {
      fake.setRefreshTokenOnRepeatConsent(true);
    }
  });
});
