import { generateCodeVerifier } from 'arctic';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { createInstagramAdapter } from '../../src/modules/networks/instagram/instagram-adapter.ts';
import { TokenRefusedError, type ChannelAccount, type PostContent, type PostMedia } from '../../src/modules/networks/network-adapter.ts';
import { ChannelAuthError, PublishError } from '../../src/modules/publishing/channel-publisher.ts';
import { channelOAuthClient } from '../../src/modules/social/channel-oauth-client.ts';
import { getChannelProvider } from '../../src/modules/social/channel-providers.ts';
import { startInstagramFake, type InstagramFake, type RecordedRequest } from './instagram-fake.ts';
import { imageMedia, videoMedia } from './post-media.ts';

const CALLBACK = 'http://hookline.test/api/social/instagram/callback';
const DAY_MS = 24 * 60 * 60_000;

let fake: InstagramFake;
let config: AppConfig;
let adapter: ReturnType<typeof createInstagramAdapter>;
let square: PostMedia;
let portrait: PostMedia;
let clip: PostMedia;

beforeAll(async () => {
  fake = await startInstagramFake();
  config = loadConfig({ ...fake.env, BASE_URL: 'http://hookline.test' });
  adapter = createInstagramAdapter(config, { pollIntervalMs: 10, pollTimeoutMs: 5_000 });
  [square, portrait, clip] = await Promise.all([
    imageMedia({ width: 1080, height: 1080, altText: 'A sourdough loaf on a board' }),
    imageMedia({ width: 1080, height: 1350 }),
    videoMedia({ width: 720, height: 1280, seconds: 3 }),
  ]);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.processing.image = 0;
  fake.processing.video = 2;
  fake.processing.carousel = 0;
});

const options = () => ({ signal: new AbortController().signal });
const connected = (): ChannelAccount => ({
  accessToken: fake.issueToken('long'),
  accountId: fake.account.userId,
  handle: '@hookline_bakery',
  instanceUrl: null,
});
const post = (media: PostMedia[], type: PostContent['type'] = 'post', text = 'Fresh sourdough today #bread'): PostContent => ({
  key: 'draft-1',
  keyTime: new Date(),
  type,
  text,
  media,
});

/** The requests the fake receives while `work` runs. */
async function requestsDuring(work: () => Promise<unknown>): Promise<RecordedRequest[]> {
  const from = fake.requests.length;
  await work();
  return fake.requests.slice(from);
}

async function digestOf(media: PostMedia): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await media.open()) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const statusChecks = (requests: RecordedRequest[], containerId: string) =>
  requests.filter((r) => r.method === 'GET' && r.path === `/${containerId}` && r.params.fields === 'status_code,status');
const publishIndex = (requests: RecordedRequest[]) => requests.findIndex((r) => r.path === `/${fake.account.userId}/media_publish`);

async function rejectionOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

describe('Instagram adapter against the local Instagram', () => {
  it('connects through Business Login, swaps the short-lived token for a long-lived one and reads the account', async () => {
    const client = channelOAuthClient(getChannelProvider(config, 'instagram'), CALLBACK);
    const verifier = generateCodeVerifier();
    const authorized = await fetch(client.createAuthorizationURL('state-1', verifier), { redirect: 'manual' });
    expect(authorized.status).toBe(302);
    const back = new URL(authorized.headers.get('location') ?? '');
    expect(back.hash).toBe('#_');
    expect(back.searchParams.get('state')).toBe('state-1');

    const issued = await client.validateAuthorizationCode(back.searchParams.get('code') ?? '', verifier);
    expect(issued.data).toMatchObject({
      user_id: Number(fake.account.userId),
      permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
    });

    const before = Date.now();
    const tokens = await adapter.finishConnect!({ accessToken: issued.accessToken(), refreshToken: null, expiresAt: null }, options());
    expect(tokens.accessToken).not.toBe(issued.accessToken());
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 5_184_000_000);
    const exchange = fake.requests.at(-1)!;
    expect(exchange).toMatchObject({ method: 'GET', path: '/access_token', version: null });
    expect(exchange.params).toMatchObject({ grant_type: 'ig_exchange_token', client_secret: fake.env.CHANNEL_INSTAGRAM_CLIENT_SECRET });

    expect(await adapter.fetchAccount(tokens.accessToken, null, options())).toEqual({
      accountId: fake.account.userId,
      handle: '@hookline_bakery',
    });
    const me = fake.requests.at(-1)!;
    expect(me).toMatchObject({ path: '/me', version: 'v26.0', params: { fields: 'user_id,username' } });
    expect(me.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it('publishes an image: Instagram fetches the file itself, the container is checked, then published', async () => {
    const account = connected();
    let published = { externalId: '', url: null as string | null };
    const requests = await requestsDuring(async () => (published = await adapter.publish(account, post([square]), options())));

    const create = requests.find((r) => r.path === `/${account.accountId}/media`)!;
    expect(create.params).toEqual({
      image_url: square.url,
      alt_text: 'A sourdough loaf on a board',
      caption: 'Fresh sourdough today #bread',
    });
    expect(create.headers['content-type']).toBe('application/json');
    const container = [...fake.containers.values()].find((c) => c.params === create.params)!;
    expect(container.download).toMatchObject({ status: 200, bytes: square.size, sha256: await digestOf(square) });
    expect(container.statusAnswers).toEqual(['FINISHED']);
    expect(statusChecks(requests, container.id)).toHaveLength(1);

    const media = fake.media.get(published.externalId)!;
    expect(media).toMatchObject({
      containerId: container.id,
      containerStatusAtPublish: 'FINISHED',
      mediaType: 'IMAGE',
      caption: 'Fresh sourdough today #bread',
    });
    expect(published.url).toBe(media.permalink);
    expect(requests.at(-1)).toMatchObject({ method: 'GET', path: `/${media.id}`, params: { fields: 'permalink' } });
  });

  it('publishes a video post as a Reel shared to the feed, waiting for IN_PROGRESS to end', async () => {
    fake.processing.video = 3;
    const account = connected();
    let externalId = '';
    const requests = await requestsDuring(async () => ({ externalId } = await adapter.publish(account, post([clip]), options())));

    const create = requests.find((r) => r.path === `/${account.accountId}/media`)!;
    expect(create.params).toMatchObject({ media_type: 'REELS', video_url: clip.url, share_to_feed: 'true' });
    const container = [...fake.containers.values()].find((c) => c.params === create.params)!;
    expect(container.download).toMatchObject({ bytes: clip.size, sha256: await digestOf(clip), boxType: 'ftyp' });
    // Three IN_PROGRESS answers after the download (more if a check came while it was still downloading), then FINISHED.
    expect(container.statusAnswers.at(-1)).toBe('FINISHED');
    expect(container.statusAnswers.filter((s) => s === 'IN_PROGRESS').length).toBeGreaterThanOrEqual(3);
    const checks = statusChecks(requests, container.id);
    expect(checks).toHaveLength(container.statusAnswers.length);
    expect(publishIndex(requests)).toBeGreaterThan(requests.indexOf(checks.at(-1)!));
    expect(fake.media.get(externalId)).toMatchObject({ productType: 'REELS', containerStatusAtPublish: 'FINISHED' });
  });

  it("publishes a Reel with Instagram's own feed default", async () => {
    const requests = await requestsDuring(() => adapter.publish(connected(), post([clip], 'reel'), options()));
    const create = requests.find((r) => r.path.endsWith('/media'))!;
    expect(create.params.media_type).toBe('REELS');
    expect(create.params).not.toHaveProperty('share_to_feed');
  });

  it('publishes a carousel: one container per item, then the CAROUSEL container with its children', async () => {
    const account = connected();
    let externalId = '';
    const requests = await requestsDuring(
      async () => ({ externalId } = await adapter.publish(account, post([square, portrait, clip]), options())),
    );

    const creates = requests.filter((r) => r.path === `/${account.accountId}/media`);
    expect(creates.map((r) => r.params.media_type ?? 'IMAGE')).toEqual(['IMAGE', 'IMAGE', 'VIDEO', 'CAROUSEL']);
    const items = creates.slice(0, 3);
    expect(items.every((r) => r.params.is_carousel_item === 'true' && !('caption' in r.params))).toBe(true);
    expect(items.map((r) => r.params.image_url ?? r.params.video_url)).toEqual([square.url, portrait.url, clip.url]);
    const children = items.map((r) => [...fake.containers.values()].find((c) => c.params === r.params)!);
    expect(children.map((c) => c.download?.bytes)).toEqual([square.size, portrait.size, clip.size]);
    expect(children.every((c) => c.statusAnswers.includes('FINISHED'))).toBe(true);

    const parent = creates[3];
    expect(parent.params).toMatchObject({ children: children.map((c) => c.id).join(','), caption: 'Fresh sourdough today #bread' });
    // Each child is ready before the carousel container is made.
    for (const child of children) expect(requests.indexOf(statusChecks(requests, child.id).at(-1)!)).toBeLessThan(requests.indexOf(parent));
    expect(fake.media.get(externalId)).toMatchObject({ mediaType: 'CAROUSEL_ALBUM', containerStatusAtPublish: 'FINISHED' });
  });

  it('fails a post whose container ends in ERROR with the status, without publishing it', async () => {
    fake.failNextContainer('ERROR', '2207026');
    let error: unknown;
    const requests = await requestsDuring(async () => (error = await rejectionOf(adapter.publish(connected(), post([clip]), options()))));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ temporary: false, message: expect.stringContaining('(2207026)') });
    expect(JSON.parse((error as PublishError).platformError!)).toMatchObject({ status_code: 'ERROR', status: '2207026' });
    expect(publishIndex(requests)).toBe(-1);
  });

  it('retries later when a container is still IN_PROGRESS after the polling bound', async () => {
    fake.processing.video = 1_000;
    const impatient = createInstagramAdapter(config, { pollIntervalMs: 10, pollTimeoutMs: 100 });
    const error = await rejectionOf(impatient.publish(connected(), post([clip]), options()));
    expect(error).toMatchObject({ temporary: true, message: expect.stringContaining(`still processing ${clip.name}`) });
  });

  it('stops polling when the signal is aborted, before anything is published', async () => {
    fake.processing.video = 1_000;
    const controller = new AbortController();
    // Aborted once the container has been polled twice, however long a busy machine takes to get there.
    const from = fake.requests.length;
    const watch = setInterval(() => {
      if (fake.requests.slice(from).filter((r) => r.method === 'GET').length >= 2) controller.abort();
    }, 5);
    let error: unknown;
    const requests = await requestsDuring(
      async () => (error = await rejectionOf(adapter.publish(connected(), post([clip]), { signal: controller.signal }))),
    );
    clearInterval(watch);
    expect((error as Error).name).toBe('AbortError');
    expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(1);
    expect(publishIndex(requests)).toBe(-1);
    // Nothing more reaches Instagram once the publish has given up.
    const seen = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests.length).toBe(seen);
  });

  it("refuses a post Instagram could not download, with Instagram's documented 9004/2207052 answer", async () => {
    const missing = { ...square, url: `${square.url}-missing` };
    const error = await rejectionOf(adapter.publish(connected(), post([missing]), options()));
    expect(error).toMatchObject({ temporary: false, message: expect.stringContaining('could not download the media from Hookline') });
    expect(JSON.parse((error as PublishError).platformError!).error).toMatchObject({
      code: 9004,
      error_subcode: 2207052,
      error_user_msg: `The media could not be fetched from this uri: ${missing.url}`,
    });
    expect(fake.downloads.at(-1)).toMatchObject({ url: missing.url, status: 404 });
  });

  it('checks a post before sending anything: no text-only posts', async () => {
    const requests = await requestsDuring(async () => {
      const error = await rejectionOf(adapter.publish(connected(), post([]), options()));
      expect(error).toMatchObject({ temporary: false, message: 'Instagram does not publish text on its own. Attach an image or a video.' });
    });
    expect(requests).toHaveLength(0);
  });

  it('keeps a documented refusal word for word beside a clear sentence', async () => {
    const body = {
      error: {
        message: 'The user has reached the maximum number of posts.',
        type: 'OAuthException',
        code: 9,
        error_subcode: 2207042,
        is_transient: false,
        error_user_title: 'Posting limit reached',
        error_user_msg: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
        fbtrace_id: 'AxJk1mQ8vT2',
      },
    };
    fake.failNext(400, body);
    const error = await rejectionOf(adapter.publish(connected(), post([square]), options()));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).not.toBeInstanceOf(ChannelAuthError);
    expect(error).toMatchObject({
      temporary: false,
      platformError: JSON.stringify(body),
      message: expect.stringContaining('Publish this post tomorrow'),
    });
  });

  it('reads views, reach (as impressions), likes, comments and shares from insights', async () => {
    const account = connected();
    const { externalId } = await adapter.publish(account, post([square]), options());
    fake.setInsights(externalId, { views: 1200, reach: 800, likes: 95, comments: 12, shares: 7 });
    expect(await adapter.fetchMetrics(account, externalId, options())).toEqual({
      views: 1200,
      impressions: 800,
      likes: 95,
      comments: 12,
      reposts: 7,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/${externalId}/insights`,
      params: { metric: 'views,reach,likes,comments,shares' },
    });
  });

  it('turns an expired or revoked token (HTTP 400, code 190) into a ChannelAuthError', async () => {
    const account = connected();
    fake.expireAccessTokens();
    const expired = await rejectionOf(adapter.publish(account, post([square]), options()));
    expect(expired).toBeInstanceOf(ChannelAuthError);
    expect(expired).toMatchObject({ message: expect.stringContaining('the access token has expired') });
    expect(JSON.parse((expired as ChannelAuthError).platformError!).error).toMatchObject({ code: 190, error_subcode: 463 });

    const revoked = connected();
    fake.revokeAccessTokens();
    const error = await rejectionOf(adapter.fetchMetrics(revoked, '1', options()));
    expect(error).toBeInstanceOf(ChannelAuthError);
    expect(error).toMatchObject({ message: expect.stringContaining('the password was changed') });
    expect(await rejectionOf(adapter.fetchAccount('not-a-token', null, options()))).toBeInstanceOf(ChannelAuthError);
  });

  it('refreshes a long-lived token once it is a day old; an expired one needs a reconnect', async () => {
    const accessToken = fake.issueToken('long');
    const young = await rejectionOf(adapter.refreshTokens!({ accessToken, refreshToken: null, instanceUrl: null }, options()));
    expect(young).toBeInstanceOf(PublishError);
    expect(young).not.toBeInstanceOf(TokenRefusedError);

    fake.advanceTime(DAY_MS + 60_000);
    const renewed = await adapter.refreshTokens!({ accessToken, refreshToken: null, instanceUrl: null }, options());
    expect(renewed.accessToken).not.toBe(accessToken);
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * DAY_MS);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/refresh_access_token',
      params: { grant_type: 'ig_refresh_token', access_token: accessToken },
    });
    expect(await adapter.fetchAccount(renewed.accessToken, null, options())).toMatchObject({ accountId: fake.account.userId });

    fake.advanceTime(61 * DAY_MS);
    const refused = await rejectionOf(
      adapter.refreshTokens!({ accessToken: renewed.accessToken, refreshToken: null, instanceUrl: null }, options()),
    );
    expect(refused).toBeInstanceOf(TokenRefusedError);
    expect(refused).toMatchObject({ message: expect.stringContaining('Session has expired') });
    expect(JSON.parse((refused as TokenRefusedError).platformError!).error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it.each([4, 17, 32, 613, 80002] as const)('waits as long as Meta says when rate-limited with code %i', async (code) => {
    const account = connected();
    fake.throttle(code, 7);
    try {
      const error = await rejectionOf(adapter.publish(account, post([square]), options()));
      expect(error).toBeInstanceOf(PublishError);
      expect(error).toMatchObject({
        temporary: true,
        retryAfterMs: 7 * 60_000,
        message: expect.stringContaining('try again in 7 minutes'),
      });
      expect(JSON.parse((error as PublishError).platformError!).error.code).toBe(code);
    } finally {
      fake.unthrottle();
    }
  });

  it('retries after a server error (5xx) with the Retry-After it sent', async () => {
    fake.failNext(
      503,
      { error: { message: 'Service temporarily unavailable', type: 'OAuthException', is_transient: true, code: 2, fbtrace_id: 'B7tq' } },
      { 'retry-after': '30' },
    );
    const error = await rejectionOf(adapter.publish(connected(), post([square]), options()));
    expect(error).toMatchObject({
      temporary: true,
      retryAfterMs: 30_000,
      message: expect.stringContaining('Service temporarily unavailable'),
    });
  });
});
