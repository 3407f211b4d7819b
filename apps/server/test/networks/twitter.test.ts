import { generateCodeVerifier, OAuth2RequestError } from 'arctic';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { ChannelAccount, PostContent, PostMedia } from '../../src/modules/networks/network-adapter.ts';
import { createTwitterAdapter } from '../../src/modules/networks/twitter/twitter-adapter.ts';
import { ChannelAuthError, PublishError } from '../../src/modules/publishing/channel-publisher.ts';
import { channelOAuthClient } from '../../src/modules/social/channel-oauth-client.ts';
import { getChannelProvider } from '../../src/modules/social/channel-providers.ts';
import { imageMedia, videoMedia } from './post-media.ts';
import { startTwitterFake, TWITTER_ERRORS, TWITTER_SCOPES, type TwitterFake } from './twitter-fake.ts';

const CALLBACK = 'http://hookline.test/api/social/twitter/callback';

let fake: TwitterFake;
let adapter: ReturnType<typeof createTwitterAdapter>;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  fake = await startTwitterFake();
  config = loadConfig({ ...fake.env, BASE_URL: 'http://hookline.test' });
  adapter = createTwitterAdapter(config);
});
afterAll(() => fake.close());

const options = () => ({ signal: new AbortController().signal });

function connectedAccount(): ChannelAccount {
  return { accessToken: fake.issueTokens().accessToken, accountId: fake.user.id, handle: `@${fake.user.username}`, instanceUrl: null };
}

function textPost(text: string, type: PostContent['type'] = 'post'): PostContent {
  return { key: 'draft-1', keyTime: new Date(), type, text, media: [] };
}

/** A file the fake takes as it is (it does not decode media): for segmenting and GIFs. */
function bytesMedia(name: string, type: string, bytes: Buffer, facts: Partial<PostMedia> = {}): PostMedia {
  return {
    name,
    type,
    size: bytes.length,
    width: 480,
    height: 270,
    durationSeconds: type.startsWith('video/') ? 4 : null,
    hasAudio: type.startsWith('video/') ? true : null,
    altText: '',
    url: 'http://127.0.0.1/unused',
    open: async () => Readable.from([bytes]),
    ...facts,
  };
}

/** A digest to compare bytes by: comparing large Buffers element by element is slow. */
const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function digestOfMedia(media: PostMedia): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await media.open()) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The bytes the fake holds for an upload, its segments in order. */
const uploadedBytes = (id: string) =>
  Buffer.concat([...fake.media.get(id)!.segments.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes));

async function failureOf(work: Promise<unknown>): Promise<PublishError> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

/** The upload requests for one media id, in order. */
const uploadRequests = (id: string) =>
  fake.requests.filter((request) => request.path.startsWith(`/2/media/upload/${id}/`) || request.query.get('media_id') === id);

describe('X OAuth 2.0 with PKCE (the app’s own client against the fake)', () => {
  const client = () => channelOAuthClient(getChannelProvider(config, 'twitter'), CALLBACK);

  async function authorize(verifier: string): Promise<URL> {
    const authorization = client().createAuthorizationURL('state-123', verifier);
    expect(authorization.searchParams.get('scope')).toBe(TWITTER_SCOPES.join(' '));
    const redirect = await fetch(authorization, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    return new URL(redirect.headers.get('location')!);
  }

  it('consents at once, exchanges the code with the verifier, reads the account and rotates the refresh token', async () => {
    const verifier = generateCodeVerifier();
    const back = await authorize(verifier);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('state-123');

    const tokens = await client().validateAuthorizationCode(back.searchParams.get('code')!, verifier);
    expect(fake.codeVerifiers.at(-1)).toBe(verifier);
    expect(tokens.accessTokenExpiresInSeconds()).toBe(7200);
    expect(tokens.scopes()).toEqual(TWITTER_SCOPES);
    const tokenRequest = fake.requestsTo('/2/oauth2/token').at(-1)!;
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from('hookline-x-client:hookline-x-secret').toString('base64')}`);

    expect(await adapter.fetchAccount(tokens.accessToken(), null, options())).toEqual({
      accountId: fake.user.id,
      handle: '@hookline_bakery',
    });

    const refreshed = await client().refreshAccessToken(tokens.refreshToken());
    expect(refreshed.refreshToken()).not.toBe(tokens.refreshToken());
    expect(await adapter.fetchAccount(refreshed.accessToken(), null, options())).toMatchObject({ handle: '@hookline_bakery' });
    const reused = await client()
      .refreshAccessToken(tokens.refreshToken())
      .catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(OAuth2RequestError);
    expect(reused).toMatchObject({ code: 'invalid_request', description: 'Value passed for the token was invalid.' });
  });

  it('refuses a code exchanged with another verifier, and every refresh token once they are revoked', async () => {
    const back = await authorize(generateCodeVerifier());
    const wrongVerifier = generateCodeVerifier();
    const refused = await client()
      .validateAuthorizationCode(back.searchParams.get('code')!, wrongVerifier)
      .catch((error: unknown) => error);
    expect(fake.codeVerifiers.at(-1)).toBe(wrongVerifier);
    expect(refused).toMatchObject({ code: 'invalid_request', description: 'Value passed for the token was invalid.' });

    const { refreshToken } = fake.issueTokens();
    fake.revokeRefreshTokens();
    await expect(client().refreshAccessToken(refreshToken!)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('answers unauthorized_client to a token request without the client’s credentials', async () => {
    const response = await fetch(fake.env.CHANNEL_TWITTER_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(TWITTER_ERRORS.unauthorizedClient);
  });
});

describe('publishing to X', () => {
  it('posts a text with the account’s token and answers its id and x.com address', async () => {
    const account = connectedAccount();
    const published = await adapter.publish(account, textPost('Fresh sourdough at 7, see you there https://example.com/menu'), options());
    const request = fake.requestsTo('/2/tweets').at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${account.accessToken}`);
    expect(request.json).toEqual({ text: 'Fresh sourdough at 7, see you there https://example.com/menu' });
    expect(published).toEqual({
      externalId: expect.stringMatching(/^\d+$/),
      url: `https://x.com/hookline_bakery/status/${published.externalId}`,
    });
    expect(fake.tweets.get(published.externalId)?.text).toContain('Fresh sourdough');
  });

  it('posts a thread as a chain of replies; the first tweet is the post', async () => {
    const published = await adapter.publish(
      connectedAccount(),
      textPost('Our week, a thread\n---\nMonday: rye\r\n---  \nTuesday: brioche\n---\n', 'thread'),
      options(),
    );
    const bodies = fake
      .requestsTo('/2/tweets')
      .slice(-3)
      .map((request) => request.json);
    expect(bodies[0]).toEqual({ text: 'Our week, a thread' });
    const first = fake.tweets.get(published.externalId)!;
    const second = [...fake.tweets.values()].find((tweet) => tweet.inReplyTo === first.id)!;
    const third = [...fake.tweets.values()].find((tweet) => tweet.inReplyTo === second.id)!;
    expect(bodies[1]).toEqual({ text: 'Monday: rye', reply: { in_reply_to_tweet_id: first.id } });
    expect(bodies[2]).toEqual({ text: 'Tuesday: brioche', reply: { in_reply_to_tweet_id: second.id } });
    expect(third.text).toBe('Tuesday: brioche');
    expect(published.url).toBe(`https://x.com/hookline_bakery/status/${first.id}`);
  });

  it('uploads images with their descriptions and attaches them in order', async () => {
    const images = [
      await imageMedia({ width: 1200, height: 675, altText: 'A loaf on the counter' }),
      await imageMedia({ width: 800, height: 800 }),
    ];
    const published = await adapter.publish(
      connectedAccount(),
      { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Two loaves', media: images },
      options(),
    );
    const tweet = fake.tweets.get(published.externalId)!;
    expect(tweet.mediaIds).toHaveLength(2);
    for (const [index, id] of tweet.mediaIds.entries()) {
      const uploaded = fake.media.get(id)!;
      expect(uploaded).toMatchObject({ mediaType: 'image/jpeg', category: 'tweet_image', totalBytes: images[index].size, finalized: true });
      expect(digestOf(uploadedBytes(id))).toBe(await digestOfMedia(images[index]));
      // Images need no processing: no STATUS polls.
      expect(uploadRequests(id).map((request) => request.path)).toEqual([`/2/media/upload/${id}/append`, `/2/media/upload/${id}/finalize`]);
    }
    const initializations = fake
      .requestsTo('/2/media/upload/initialize')
      .slice(-2)
      .map((request) => request.json);
    expect(initializations).toEqual(
      images.map((image) => ({ media_type: 'image/jpeg', total_bytes: image.size, media_category: 'tweet_image' })),
    );
    expect(fake.media.get(tweet.mediaIds[0])!.altText).toBe('A loaf on the counter');
    expect(fake.media.get(tweet.mediaIds[1])!.altText).toBeNull();
    expect(fake.requestsTo('/2/media/metadata').at(-1)!.json).toEqual({
      id: tweet.mediaIds[0],
      metadata: { alt_text: { text: 'A loaf on the counter' } },
    });
  });

  it('uploads a video, then waits check_after_secs between STATUS polls until X has processed it', async () => {
    const video = await videoMedia({ width: 720, height: 1280, seconds: 2 });
    const published = await adapter.publish(
      connectedAccount(),
      { key: 'draft-1', keyTime: new Date(), type: 'video', text: 'Shaping a baguette', media: [video] },
      options(),
    );
    const [id] = fake.tweets.get(published.externalId)!.mediaIds;
    expect(fake.media.get(id)).toMatchObject({ category: 'tweet_video', mediaType: 'video/mp4', state: 'succeeded' });
    expect(digestOf(uploadedBytes(id))).toBe(await digestOfMedia(video));
    const steps = uploadRequests(id);
    expect(steps.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /2/media/upload/${id}/append`,
      `POST /2/media/upload/${id}/finalize`,
      'GET /2/media/upload',
      'GET /2/media/upload',
    ]);
    expect(steps[2].query.get('command')).toBe('STATUS');
    // The fake said check_after_secs: 1 each time (a little slack for timer granularity).
    expect(steps[2].at - steps[1].at).toBeGreaterThanOrEqual(990);
    expect(steps[3].at - steps[2].at).toBeGreaterThanOrEqual(990);
    const tweetAt = fake.requestsTo('/2/tweets').at(-1)!.at;
    expect(tweetAt).toBeGreaterThanOrEqual(steps[3].at);
  });

  it('sends a large file in 4 MB segments numbered from 0, and a GIF on its own as tweet_gif', async () => {
    fake.setProcessing({ checkAfterSecs: 0 });
    try {
      const bytes = Buffer.alloc(9 * 1024 * 1024 + 123, 7);
      const video = bytesMedia('long.mp4', 'video/mp4', bytes);
      const published = await adapter.publish(
        connectedAccount(),
        { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Nine megabytes of bread', media: [video] },
        options(),
      );
      const [id] = fake.tweets.get(published.externalId)!.mediaIds;
      const appends = uploadRequests(id).filter((request) => request.path.endsWith('/append'));
      expect(appends.map((request) => [request.fields.segment_index, request.files.media.length])).toEqual([
        ['0', 4 * 1024 * 1024],
        ['1', 4 * 1024 * 1024],
        ['2', 1024 * 1024 + 123],
      ]);
      expect(digestOf(uploadedBytes(id))).toBe(digestOf(bytes));

      const gif = bytesMedia('crumb.gif', 'image/gif', Buffer.from('GIF89a-not-really'), { altText: 'Crumbs falling' });
      const withGif = await adapter.publish(
        connectedAccount(),
        { key: 'draft-1', keyTime: new Date(), type: 'post', text: '', media: [gif] },
        options(),
      );
      const [gifId] = fake.tweets.get(withGif.externalId)!.mediaIds;
      expect(fake.media.get(gifId)).toMatchObject({ category: 'tweet_gif', state: 'succeeded', altText: 'Crumbs falling' });
      expect(fake.requestsTo('/2/tweets').at(-1)!.json).toEqual({ media: { media_ids: [gifId] } });
    } finally {
      fake.setProcessing({ checkAfterSecs: 1 });
    }
  });

  it('fails for good, with X’s reason, when X cannot process the video', async () => {
    fake.setProcessing({ checkAfterSecs: 0, failWith: 'Unsupported video format' });
    try {
      const before = fake.tweets.size;
      const error = await failureOf(
        adapter.publish(
          connectedAccount(),
          {
            key: 'draft-1',
            keyTime: new Date(),
            type: 'post',
            text: 'Broken video',
            media: [bytesMedia('broken.mp4', 'video/mp4', Buffer.alloc(2048))],
          },
          options(),
        ),
      );
      expect(error.temporary).toBe(false);
      expect(error.message).toBe('X could not process broken.mp4 (Unsupported video format). Export it again as MP4 (H.264, AAC).');
      expect(JSON.parse(error.platformError!)).toMatchObject({
        data: { processing_info: { state: 'failed', error: { message: 'Unsupported video format' } } },
      });
      expect(fake.tweets.size).toBe(before);
    } finally {
      fake.setProcessing({ checkAfterSecs: 1, failWith: null });
    }
  });
});

describe('X metrics', () => {
  it('reads public_metrics: impressions, likes, replies, and retweets with quotes as reposts', async () => {
    const account = connectedAccount();
    const { externalId } = await adapter.publish(account, textPost('Counting the crumbs'), options());
    fake.setMetrics(externalId, {
      impression_count: 1500,
      like_count: 100,
      reply_count: 5,
      retweet_count: 10,
      quote_count: 2,
      bookmark_count: 3,
    });
    expect(await adapter.fetchMetrics(account, externalId, options())).toEqual({
      views: null,
      impressions: 1500,
      likes: 100,
      comments: 5,
      reposts: 12,
    });
    expect(fake.requestsTo(`/2/tweets/${externalId}`).at(-1)!.query.get('tweet.fields')).toBe('public_metrics');
  });

  it('says the post is gone when X no longer has it, keeping X’s answer', async () => {
    const account = connectedAccount();
    const { externalId } = await adapter.publish(account, textPost('Here today'), options());
    fake.deleteTweet(externalId);
    const error = await failureOf(adapter.fetchMetrics(account, externalId, options()));
    expect(error.temporary).toBe(false);
    expect(error.message).toBe('X no longer has this post: it may have been deleted.');
    expect(error.platformError).toContain(`Could not find tweet with id: [${externalId}].`);
  });
});

describe('X refusals', () => {
  it('an expired access token is a ChannelAuthError with X’s 401 body word for word', async () => {
    const account = connectedAccount();
    fake.expireAccessTokens();
    const error = await failureOf(adapter.publish(account, textPost('Too late'), options()));
    expect(error).toBeInstanceOf(ChannelAuthError);
    expect(error.message).toBe("X no longer accepts this channel's authorization. Reconnect the channel.");
    expect(error.platformError).toBe(JSON.stringify(TWITTER_ERRORS.unauthorized));
  });

  it('429 is temporary, retried after x-rate-limit-reset', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    fake.failNext(
      429,
      TWITTER_ERRORS.tooManyRequests,
      { 'x-rate-limit-limit': '200', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
      '/2/tweets',
    );
    const error = await failureOf(adapter.publish(connectedAccount(), textPost('Slow down'), options()));
    expect(error.temporary).toBe(true);
    expect(error.retryAfterMs).toBeGreaterThan(598_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(600_000);
    expect(error.platformError).toBe(JSON.stringify(TWITTER_ERRORS.tooManyRequests));
    expect(error.message).toBe('X is limiting how fast Hookline may post. Hookline will try again.');
  });

  it('503 is temporary', async () => {
    fake.failNext(503, TWITTER_ERRORS.serviceUnavailable, {}, '/2/media/upload/initialize');
    const image = await imageMedia({ width: 600, height: 600 });
    const error = await failureOf(
      adapter.publish(connectedAccount(), { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Down', media: [image] }, options()),
    );
    expect(error.temporary).toBe(true);
    expect(error.message).toBe('X had a problem (HTTP 503). Hookline will try again.');
  });

  it('a duplicate is final, with a clear sentence and X’s body word for word', async () => {
    const account = connectedAccount();
    await adapter.publish(account, textPost('Same words twice'), options());
    const error = await failureOf(adapter.publish(account, textPost('Same words twice'), options()));
    expect(error.temporary).toBe(false);
    expect(error).not.toBeInstanceOf(ChannelAuthError);
    expect(error.message).toBe(
      'X refuses a post with the same text as one this account already posted. Change the text, then publish again.',
    );
    expect(error.platformError).toBe(JSON.stringify(TWITTER_ERRORS.duplicate));
  });

  it('a thread refused halfway is final and says what X already has, so it is not posted twice', async () => {
    const account = connectedAccount();
    await adapter.publish(account, textPost('Already said'), options());
    const tweetsBefore = fake.tweets.size;
    const error = await failureOf(adapter.publish(account, textPost('A new start\n---\nAlready said', 'thread'), options()));
    const first = [...fake.tweets.values()].at(-1)!;
    expect(fake.tweets.size).toBe(tweetsBefore + 1);
    expect(error.temporary).toBe(false);
    expect(error.message).toBe(
      `X published 1 of the thread's 2 parts (https://x.com/hookline_bakery/status/${first.id}) and then refused part 2: ` +
        'X refuses a post with the same text as one this account already posted. Change the text, then publish again. Post the rest as replies on X.',
    );
    expect(error.platformError).toBe(JSON.stringify(TWITTER_ERRORS.duplicate));
  });

  it('a refused parameter is final and names X’s reason', async () => {
    fake.failNext(
      400,
      {
        errors: [{ parameters: { 'media.media_ids': ['1'] }, message: 'Your media IDs are invalid.' }],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      },
      {},
      '/2/tweets',
    );
    const error = await failureOf(adapter.publish(connectedAccount(), textPost('Bad media'), options()));
    expect(error.temporary).toBe(false);
    expect(error.message).toBe('X refused the post: One or more parameters to your request was invalid. Your media IDs are invalid.');
  });
});

describe('abort', () => {
  it('stops while X processes a video: nothing is posted', async () => {
    const controller = new AbortController();
    const tweetsBefore = fake.tweets.size;
    const started = Date.now();
    const video = bytesMedia('wait.mp4', 'video/mp4', Buffer.alloc(4096, 1));
    const publishing = adapter.publish(
      connectedAccount(),
      { key: 'draft-1', keyTime: new Date(), type: 'post', text: 'Never posted', media: [video] },
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(fake.requests.some((request) => request.path.endsWith('/finalize') && request.at >= started)).toBe(true));
    controller.abort();
    await expect(publishing).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fake.tweets.size).toBe(tweetsBefore);
  });
});
