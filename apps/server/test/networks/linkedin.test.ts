import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { createLinkedInAdapter, listLinkedInOrganizations } from '../../src/modules/networks/linkedin/linkedin-adapter.ts';
import { LINKEDIN_VERSION, msUntilUtcMidnight } from '../../src/modules/networks/linkedin/linkedin-api.ts';
import type { ChannelAccount, NetworkAdapter, PostMedia } from '../../src/modules/networks/network-adapter.ts';
import { ChannelAuthError, PublishError } from '../../src/modules/publishing/channel-publisher.ts';
import { channelOAuthClient, classifyTokenError } from '../../src/modules/social/channel-oauth-client.ts';
import { getChannelProvider } from '../../src/modules/social/channel-providers.ts';
import {
  LINKEDIN_AUTH_ERRORS,
  LINKEDIN_DAILY_THROTTLE,
  startLinkedInFake,
  type LinkedInFake,
  type RecordedRequest,
} from './linkedin-fake.ts';
import { imageMedia, videoMedia } from './post-media.ts';

const PART_SIZE = 256 * 1024;
const PROCESSING_READS = 2;

let fake: LinkedInFake;
let config: AppConfig;
let adapter: NetworkAdapter;
let member: ChannelAccount;
let page: ChannelAccount;
let photo: PostMedia;
let video: PostMedia;
const signal = new AbortController().signal;

const bytesOf = async (media: PostMedia) => Buffer.concat(await (await media.open()).toArray());
const jsonOf = (request: RecordedRequest) => JSON.parse(request.body.toString()) as Record<string, unknown>;
const requestsTo = (method: string, path: string | RegExp) =>
  fake.requests.filter(
    (request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
  );
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

beforeAll(async () => {
  fake = await startLinkedInFake({ videoPartSize: PART_SIZE, videoProcessingReads: PROCESSING_READS });
  config = loadConfig({ ...fake.env, LOG_LEVEL: 'silent' });
  adapter = createLinkedInAdapter(config, { videoTiming: { pollIntervalMs: 10, maxWaitMs: 10_000 } });
  [photo, video] = await Promise.all([
    imageMedia({ width: 1200, height: 900, altText: 'Sourdough on the counter' }),
    videoMedia({ seconds: 3 }),
  ]);
});

afterAll(() => fake?.close());

beforeEach(() => {
  const { accessToken } = fake.issueTokens();
  member = { accessToken, accountId: `urn:li:person:${fake.member.sub}`, handle: fake.member.name, instanceUrl: null };
  page = { accessToken, accountId: 'urn:li:organization:2414183', handle: 'Hookline Bakery', instanceUrl: null };
  fake.requests.length = 0;
  fake.settings.videoProcessingReads = PROCESSING_READS;
  fake.failVideoProcessing(null);
});

describe('LinkedIn connection', () => {
  it("connects with the app's own OAuth client: PKCE, the secret in the form body, refresh, then invalid_grant", async () => {
    const client = channelOAuthClient(getChannelProvider(config, 'linkedin'), 'https://hookline.test/api/social/linkedin/callback');
    const verifier = randomBytes(32).toString('base64url');
    const authorized = await fetch(client.createAuthorizationURL('state-1', verifier), { redirect: 'manual' });
    expect(authorized.status).toBe(302);
    const back = new URL(authorized.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('https://hookline.test/api/social/linkedin/callback');
    expect(back.searchParams.get('state')).toBe('state-1');

    const tokens = await client.validateAuthorizationCode(back.searchParams.get('code') ?? '', verifier);
    const tokenRequest = requestsTo('POST', '/oauth/v2/accessToken').at(-1);
    expect(tokenRequest?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body.toString()))).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'hookline-linkedin',
      client_secret: 'linkedin-secret',
      code_verifier: verifier,
    });
    expect(tokens.accessTokenExpiresInSeconds()).toBe(60 * 24 * 3600);

    expect(await adapter.fetchAccount(tokens.accessToken(), null, { signal })).toEqual({
      accountId: 'urn:li:person:bA9x_member',
      handle: 'Lee Linked',
    });

    const refreshed = await client.refreshAccessToken(tokens.refreshToken());
    expect(refreshed.accessToken()).not.toBe(tokens.accessToken());
    expect(refreshed.refreshToken()).toBe(tokens.refreshToken());
    fake.revokeRefreshTokens();
    expect(classifyTokenError(await failureOf(client.refreshAccessToken(tokens.refreshToken())))).toEqual({
      kind: 'rejected',
      detail: 'invalid_grant: The provided authorization grant or refresh token is invalid, expired or revoked.',
    });
  });

  it('refuses a code exchanged with the wrong PKCE verifier, with LinkedIn’s answer', async () => {
    const client = channelOAuthClient(getChannelProvider(config, 'linkedin'), 'https://hookline.test/callback');
    const authorized = await fetch(client.createAuthorizationURL('s', randomBytes(32).toString('base64url')), { redirect: 'manual' });
    const code = new URL(authorized.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const failure = classifyTokenError(await failureOf(client.validateAuthorizationCode(code, randomBytes(32).toString('base64url'))));
    expect(failure.kind).toBe('rejected');
    expect(failure.detail).toMatch(/^invalid_request: Unable to retrieve access token: appid\/redirect uri\/code verifier does not match/);
  });

  it('lists the pages the member administers, by name', async () => {
    expect(await listLinkedInOrganizations(config, member.accessToken, signal)).toEqual([
      { accountId: 'urn:li:organization:2414183', handle: 'Hookline Bakery' },
      { accountId: 'urn:li:organization:5515715', handle: 'Crumb Co' },
    ]);
    const [acls] = requestsTo('GET', '/rest/organizationAcls');
    expect(Object.fromEntries(acls.query)).toMatchObject({ q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' });
    expect(requestsTo('GET', '/rest/organizations')[0].query.get('ids')).toBe('List(2414183,5515715)');
  });
});

describe('LinkedIn publishing', () => {
  it('posts text as the member, escaped in the little format, with the versioned REST headers', async () => {
    const text = 'Fresh loaves (sourdough & rye) at 8 — ask @ the counter #bakery';
    const published = await adapter.publish(member, { key: 'draft-1', keyTime: new Date(), type: 'post', text, media: [] }, { signal });

    expect(published.externalId).toMatch(/^urn:li:share:\d+$/);
    expect(published.url).toBe(`https://www.linkedin.com/feed/update/${published.externalId}/`);
    const [request] = requestsTo('POST', '/rest/posts');
    expect(request.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
    expect(request.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(request.headers.authorization).toBe(`Bearer ${member.accessToken}`);
    expect(jsonOf(request)).toEqual({
      author: 'urn:li:person:bA9x_member',
      commentary: 'Fresh loaves \\(sourdough & rye\\) at 8 — ask \\@ the counter #bakery',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(fake.posts.has(published.externalId)).toBe(true);
  });

  it("posts as the member when the connection holds the member's bare OpenID sub", async () => {
    const published = await adapter.publish(
      { ...member, accountId: fake.member.sub },
      { key: 'draft-1', keyTime: new Date(), type: 'thread', text: 'One post', media: [] },
      { signal },
    );
    expect(fake.posts.get(published.externalId)?.body.author).toBe('urn:li:person:bA9x_member');
  });

  it('uploads one image with the Images API and posts it with its description', async () => {
    const published = await adapter.publish(
      member,
      { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Morning bake', media: [photo] },
      { signal },
    );

    const [init] = requestsTo('POST', '/rest/images');
    expect(init.query.get('action')).toBe('initializeUpload');
    expect(jsonOf(init)).toEqual({ initializeUploadRequest: { owner: 'urn:li:person:bA9x_member' } });
    const [image] = [...fake.images.values()];
    expect(image.bytes?.equals(await bytesOf(photo))).toBe(true);
    expect(requestsTo('PUT', /^\/dms-uploads\/images\//)[0].headers.authorization).toBe(`Bearer ${member.accessToken}`);
    expect(fake.posts.get(published.externalId)?.body.content).toEqual({ media: { id: image.urn, altText: 'Sourdough on the counter' } });
  });

  it('posts several images as a multiImage, in order, each uploaded byte for byte', async () => {
    const [first, second] = await Promise.all([imageMedia({ width: 640, height: 640 }), imageMedia({ width: 800, height: 600 })]);
    const published = await adapter.publish(
      member,
      { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Three loaves', media: [first, photo, second] },
      { signal },
    );

    const uploaded = [...fake.images.values()].slice(-3);
    for (const [index, media] of [first, photo, second].entries()) expect(uploaded[index].bytes?.equals(await bytesOf(media))).toBe(true);
    expect(fake.posts.get(published.externalId)?.body.content).toEqual({
      multiImage: {
        images: [{ id: uploaded[0].urn }, { id: uploaded[1].urn, altText: 'Sourdough on the counter' }, { id: uploaded[2].urn }],
      },
    });
  });

  it('uploads a video in the parts LinkedIn asks for, finalizes with their ETags and waits until it is available', async () => {
    const published = await adapter.publish(
      page,
      { key: 'draft-1', keyTime: new Date(), type: 'video', text: 'How we shape a loaf', media: [video] },
      { signal },
    );

    const [init] = requestsTo('POST', '/rest/videos');
    expect(jsonOf(init)).toEqual({
      initializeUploadRequest: {
        owner: 'urn:li:organization:2414183',
        fileSizeBytes: video.size,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    });
    const stored = [...fake.videos.values()].at(-1);
    if (!stored) throw new Error('no video reached the fake');
    expect(stored.parts.length).toBe(Math.ceil(video.size / PART_SIZE));
    expect(stored.parts.length).toBeGreaterThan(1);
    expect(Buffer.concat(stored.parts.map((part) => part.bytes ?? Buffer.alloc(0))).equals(await bytesOf(video))).toBe(true);

    const finalize = requestsTo('POST', '/rest/videos').find((request) => request.query.get('action') === 'finalizeUpload');
    expect(finalize && jsonOf(finalize)).toEqual({
      finalizeUploadRequest: { video: stored.urn, uploadToken: stored.uploadToken, uploadedPartIds: stored.parts.map((part) => part.etag) },
    });
    expect(requestsTo('GET', `/rest/videos/${stored.urn}`)).toHaveLength(PROCESSING_READS + 1);
    expect(requestsTo('GET', `/rest/videos/${stored.urn}`)[0].url).toBe(`/rest/videos/${encodeURIComponent(stored.urn)}`);
    const post = fake.posts.get(published.externalId);
    expect(post?.body.author).toBe('urn:li:organization:2414183');
    expect(post?.body.content).toEqual({ media: { id: stored.urn } });
  });

  it('fails the post, without creating it, when LinkedIn cannot process the video', async () => {
    fake.failVideoProcessing('Video is corrupted');
    const error = await failureOf(
      adapter.publish(member, { key: 'draft-1', keyTime: new Date(), type: 'video', text: 'Broken clip', media: [video] }, { signal }),
    );
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({
      temporary: false,
      message: 'LinkedIn could not process the video (Video is corrupted). Export it again as an H.264 MP4 and retry.',
    });
    expect(requestsTo('POST', '/rest/posts')).toHaveLength(0);
  });

  it('refuses what checkPost refuses before sending anything', async () => {
    const error = await failureOf(
      adapter.publish(member, { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'x'.repeat(3001), media: [] }, { signal }),
    );
    expect(error).toMatchObject({ temporary: false, message: 'LinkedIn counts this text as 3,001 characters; the limit is 3,000.' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('LinkedIn metrics', () => {
  it("reads a member post's likes and comments from socialActions; LinkedIn reports no impressions there", async () => {
    const { externalId } = await adapter.publish(
      member,
      { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Metrics for a member', media: [] },
      { signal },
    );
    fake.setPostMetrics(externalId, { likes: 12, comments: 5, impressions: 400, shares: 2 });

    expect(await adapter.fetchMetrics(member, externalId, { signal })).toEqual({
      views: null,
      impressions: null,
      likes: 12,
      comments: 5,
      reposts: null,
    });
    expect(requestsTo('GET', `/rest/socialActions/${externalId}`)).toHaveLength(1);
    expect(requestsTo('GET', '/rest/organizationalEntityShareStatistics')).toHaveLength(0);
  });

  it("adds a page post's impressions and reshares from its share statistics", async () => {
    const { externalId } = await adapter.publish(
      page,
      { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Metrics for a page', media: [] },
      { signal },
    );
    fake.setPostMetrics(externalId, { likes: 30, comments: 4, impressions: 1800, shares: 7 });

    expect(await adapter.fetchMetrics(page, externalId, { signal })).toEqual({
      views: null,
      impressions: 1800,
      likes: 30,
      comments: 4,
      reposts: 7,
    });
    const [stats] = requestsTo('GET', '/rest/organizationalEntityShareStatistics');
    expect(Object.fromEntries(stats.query)).toEqual({
      q: 'organizationalEntity',
      organizationalEntity: 'urn:li:organization:2414183',
      shares: `List(${externalId})`,
    });
  });
});

describe('LinkedIn refusals', () => {
  const publishText = (account: ChannelAccount, text = `Post ${randomBytes(4).toString('hex')}`) =>
    failureOf(adapter.publish(account, { key: 'draft-1', keyTime: new Date(), type: 'post', text, media: [] }, { signal }));

  it('asks for a reconnect when the access token has expired or was revoked', async () => {
    fake.expireAccessTokens();
    const expired = await publishText(member);
    expect(expired).toBeInstanceOf(ChannelAuthError);
    expect(expired).toMatchObject({
      message: "LinkedIn's authorization for this channel has expired. Reconnect the channel.",
      platformError: JSON.stringify(LINKEDIN_AUTH_ERRORS.expired),
    });

    const { accessToken } = fake.issueTokens();
    fake.revokeAccessTokens();
    const revoked = await failureOf(adapter.fetchAccount(accessToken, null, { signal }));
    expect(revoked).toBeInstanceOf(ChannelAuthError);
    expect(revoked).toMatchObject({
      message: "The LinkedIn member withdrew Hookline's access to their account. Reconnect the channel.",
      platformError: JSON.stringify(LINKEDIN_AUTH_ERRORS.revoked),
    });
  });

  it('retries a daily throttle after midnight UTC, when LinkedIn resets its limits', async () => {
    fake.failNext(429, LINKEDIN_DAILY_THROTTLE, {}, '/rest/posts');
    const error = await publishText(member);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({
      temporary: true,
      message: "LinkedIn's daily limit of calls is used up. Hookline will try again after midnight UTC, when LinkedIn resets it.",
      platformError: JSON.stringify(LINKEDIN_DAILY_THROTTLE),
    });
    const { retryAfterMs } = error as PublishError;
    expect(retryAfterMs).toBeGreaterThan(msUntilUtcMidnight() - 5000);
    expect(retryAfterMs).toBeLessThanOrEqual(msUntilUtcMidnight() + 1000);
  });

  it("retries LinkedIn's other throttling and its server errors with the scheduler's backoff", async () => {
    const throttle = { status: 429, message: 'Resource level throttle limit for calls to this resource is reached.' };
    fake.failNext(429, throttle);
    expect(await publishText(member)).toMatchObject({
      temporary: true,
      retryAfterMs: undefined,
      message: 'LinkedIn is limiting how fast Hookline may post. Hookline will try again.',
      platformError: JSON.stringify(throttle),
    });

    fake.failNext(504, { message: 'Gateway Timeout', status: 504 }, {}, '/rest/images');
    expect(
      await failureOf(
        adapter.publish(member, { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Photo', media: [photo] }, { signal }),
      ),
    ).toMatchObject({
      temporary: true,
      message: 'LinkedIn had a problem (HTTP 504). Hookline will try again.',
    });
  });

  it('fails a duplicate post for good, with LinkedIn’s answer word for word', async () => {
    const text = 'The same words twice';
    const first = await adapter.publish(member, { key: 'draft-1', keyTime: new Date(), type: 'post', text, media: [] }, { signal });
    const error = await publishText(member, text);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({
      temporary: false,
      message: `LinkedIn refused the post as a duplicate of one already on this account (https://www.linkedin.com/feed/update/${first.externalId}/). Change the text, then post it again.`,
      platformError: JSON.stringify({
        errorDetailType: 'com.linkedin.common.error.BadRequest',
        message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${first.externalId}`,
        errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
        status: 422,
      }),
    });
  });

  it('fails a post to a page the member does not administer', async () => {
    const error = await publishText({ ...page, accountId: 'urn:li:organization:999' });
    const denied = {
      status: 403,
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: `Not enough permissions to access: partnerApiPostsExternal.CREATE.${LINKEDIN_VERSION}`,
    };
    expect(error).toMatchObject({
      temporary: false,
      message: `LinkedIn does not allow this account to do that (${denied.message}). If the channel is a page, check that the connected member still administers it, then reconnect the channel.`,
      platformError: JSON.stringify(denied),
    });
  });
});

describe('LinkedIn and the abort signal', () => {
  it('stops waiting for a video when the signal is aborted, and posts nothing', async () => {
    fake.settings.videoProcessingReads = Number.POSITIVE_INFINITY;
    const controller = new AbortController();
    const publishing = failureOf(
      adapter.publish(
        member,
        { key: 'draft-1', keyTime: new Date(), type: 'video', text: 'Aborted clip', media: [video] },
        { signal: controller.signal },
      ),
    );
    await expect.poll(() => requestsTo('GET', /^\/rest\/videos\//).length).toBeGreaterThanOrEqual(2);
    controller.abort();
    expect(await publishing).toMatchObject({ name: 'AbortError' });
    const reads = requestsTo('GET', /^\/rest\/videos\//).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsTo('GET', /^\/rest\/videos\//)).toHaveLength(reads);
    expect(requestsTo('POST', '/rest/posts')).toHaveLength(0);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const error = await failureOf(
      adapter.publish(
        member,
        { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Never sent', media: [] },
        { signal: AbortSignal.abort() },
      ),
    );
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(fake.requests).toHaveLength(0);
  });
});
