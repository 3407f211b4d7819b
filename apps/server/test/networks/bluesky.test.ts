import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { createBlueskyAdapter, signInToBluesky } from '../../src/modules/networks/bluesky/bluesky-adapter.ts';
import {
  TokenRefusedError,
  type ChannelAccount,
  type NetworkAdapter,
  type PostContent,
  type PostMedia,
} from '../../src/modules/networks/network-adapter.ts';
import { ChannelAuthError, PublishError } from '../../src/modules/publishing/channel-publisher.ts';
import { startBlueskyAppViewFake } from './bluesky-appview-fake.ts';
import { startBlueskyPds, type LocalBluesky, type LocalBlueskyAccount } from './bluesky-pds.ts';
import { imageMedia, videoMedia } from './post-media.ts';

// Bluesky's reference PDS (tools/bluesky-pds) does the work here: sessions, records, blobs and its
// own errors and rate limits are the real ones. Only the AppView, which counts likes, is a stand-in.
let pds: LocalBluesky;
let appView: Awaited<ReturnType<typeof startBlueskyAppViewFake>>;
let config: AppConfig;
let adapter: NetworkAdapter;
let alice: LocalBlueskyAccount;
let bob: LocalBlueskyAccount;
let account: ChannelAccount;
let refreshToken: string;
let loaf: PostMedia;
let clip: PostMedia;

const signal = () => AbortSignal.timeout(20_000);
/** Each call is a draft of its own (another record key); `retryOf` tries an earlier one again. */
let drafts = 0;
const post = (text: string, media: PostMedia[] = [], type: PostContent['type'] = 'post'): PostContent => ({
  key: `draft-${(drafts += 1)}`,
  keyTime: new Date(),
  type,
  text,
  media,
});
const bytesOf = async (media: PostMedia) => Buffer.concat((await (await media.open()).toArray()) as Buffer[]);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should have failed'),
    (error: unknown) => error,
  );

/** A blob reference in a record, as JSON. */
interface BlobJson {
  $type: 'blob';
  ref: { $link: string };
  mimeType: string;
  size: number;
}

/** The parts of an app.bsky.feed.post record the tests read. */
interface PostRecord {
  $type: string;
  text: string;
  createdAt: string;
  facets?: unknown[];
  reply?: unknown;
  embed?: { $type: string; images?: Array<{ alt: string; aspectRatio?: unknown; image: BlobJson }>; video?: BlobJson };
}

interface StoredRecord {
  uri: string;
  cid: string;
  value: PostRecord;
}

/** What the PDS stores for a record (com.atproto.repo.getRecord), read as any app would. */
async function getRecord(uri: string): Promise<StoredRecord> {
  const [, , repo, collection, rkey] = uri.split('/');
  const query = new URLSearchParams({ repo: repo!, collection: collection!, rkey: rkey! });
  const response = await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as StoredRecord;
}

/** A blob's bytes as the PDS serves them (com.atproto.sync.getBlob). */
async function getBlob(did: string, cid: string): Promise<{ bytes: Buffer; type: string | null }> {
  const response = await fetch(`${pds.url}/xrpc/com.atproto.sync.getBlob?${new URLSearchParams({ did, cid })}`);
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') };
}

/** Bob acting on bsky.app: a record in his own repository. */
async function createBobRecord(collection: string, record: Record<string, unknown>) {
  const response = await fetch(`${pds.url}/xrpc/com.atproto.repo.createRecord`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.accessJwt}` },
    body: JSON.stringify({ repo: bob.did, collection, record: { $type: collection, createdAt: new Date().toISOString(), ...record } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { uri: string; cid: string };
}

/** The byte range of the first `part` in `text`, as facets index UTF-8 text. */
const byteRangeOf = (text: string, part: string) => {
  const byteStart = Buffer.byteLength(text.slice(0, text.indexOf(part)));
  return { byteStart, byteEnd: byteStart + Buffer.byteLength(part) };
};

beforeAll(async () => {
  pds = await startBlueskyPds();
  appView = await startBlueskyAppViewFake(pds.url);
  // The PDS runs on loopback, over http.
  config = loadConfig({ CHANNEL_BLUESKY_SERVICE_URL: pds.url, CHANNEL_ALLOW_PRIVATE_INSTANCES: 'true', ...appView.env });
  adapter = createBlueskyAdapter(config);
  [alice, bob] = [await pds.createAccount('alice'), await pds.createAccount('bob')];
  [loaf, clip] = await Promise.all([
    imageMedia({ width: 640, height: 480, altText: 'A round sourdough loaf on a board' }),
    videoMedia({ width: 360, height: 640, seconds: 2 }),
  ]);
  clip.altText = 'The loaf being cut';
  const session = await signInToBluesky(config, { identifier: alice.handle, appPassword: alice.appPassword }, signal());
  account = { accessToken: session.tokens.accessToken, accountId: alice.did, handle: alice.handle, instanceUrl: session.instanceUrl };
  refreshToken = session.tokens.refreshToken!;
});
afterAll(async () => {
  await appView?.close();
  await pds?.close();
});

describe('connecting with an app password', () => {
  it("signs in at the service, takes the account's PDS from its DID document and reads the account", async () => {
    const before = Date.now();
    const {
      tokens,
      account: profile,
      instanceUrl,
    } = await signInToBluesky(config, { identifier: alice.handle, appPassword: alice.appPassword }, signal());
    expect(profile).toEqual({ accountId: alice.did, handle: 'alice.test' });
    // Signed in at 127.0.0.1; the DID document (from the PLC directory) names the PDS localhost.
    expect(instanceUrl).toBe(pds.url.replace('127.0.0.1', 'localhost'));
    expect(tokens.refreshToken).toMatch(/^ey/);
    // The PDS's access tokens last two hours.
    expect(tokens.expiresAt!.getTime() - before).toBeGreaterThan(115 * 60_000);
    expect(tokens.expiresAt!.getTime() - before).toBeLessThanOrEqual(121 * 60_000);
    expect(await adapter.fetchAccount(tokens.accessToken, instanceUrl, { signal: signal() })).toEqual(profile);
  });

  it("refuses a wrong password with Bluesky's words, and the account's own password", async () => {
    const wrong = await failure(signInToBluesky(config, { identifier: alice.handle, appPassword: 'abcd-efgh-ijkl-mnop' }, signal()));
    expect(wrong).toBeInstanceOf(ChannelAuthError);
    expect((wrong as Error).message).toBe(
      'Bluesky did not sign in alice.test: Invalid identifier or password (AuthenticationRequired). Check the handle and the app password.',
    );
    expect((wrong as ChannelAuthError).platformError).toBe('{"error":"AuthenticationRequired","message":"Invalid identifier or password"}');

    const own = await failure(signInToBluesky(config, { identifier: alice.handle, appPassword: alice.password }, signal()));
    expect((own as Error).message).toMatch(/^That is the account's own password\. Create an app password/);
  });

  it('renews the session with the refresh token; one Bluesky revoked is refused', async () => {
    const renewed = await adapter.refreshTokens!(
      { accessToken: account.accessToken, refreshToken, instanceUrl: account.instanceUrl },
      { signal: signal() },
    );
    expect(renewed.accessToken).not.toBe(account.accessToken);
    expect(renewed.refreshToken).not.toBe(refreshToken);
    expect(await adapter.fetchAccount(renewed.accessToken, account.instanceUrl, { signal: signal() })).toEqual({
      accountId: alice.did,
      handle: 'alice.test',
    });
    account = { ...account, accessToken: renewed.accessToken };

    // Signing out (com.atproto.server.deleteSession) revokes the refresh token.
    const session = await signInToBluesky(config, { identifier: alice.handle, appPassword: alice.appPassword }, signal());
    const signOut = await fetch(`${pds.url}/xrpc/com.atproto.server.deleteSession`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.tokens.refreshToken}` },
    });
    expect(signOut.status).toBe(200);
    const refused = await failure(
      adapter.refreshTokens!(
        { accessToken: session.tokens.accessToken, refreshToken: session.tokens.refreshToken, instanceUrl: null },
        { signal: signal() },
      ),
    );
    expect(refused).toBeInstanceOf(TokenRefusedError);
    expect((refused as TokenRefusedError).platformError).toBe('{"error":"ExpiredToken","message":"Token has been revoked"}');
  });
});

describe('publishing', () => {
  it('posts text with a link, a mention and an image with its description, as a record in the account repository', async () => {
    const text = 'Crème brûlée 🍮 with @bob.test tonight — menu at https://bakery.example/menu?day=fri';
    const published = await adapter.publish(account, post(text, [loaf]), { signal: signal() });

    expect(published.externalId).toMatch(new RegExp(`^at://${alice.did}/app\\.bsky\\.feed\\.post/[a-z2-7]{13}$`));
    expect(published.url).toBe(`https://bsky.app/profile/alice.test/post/${published.externalId.split('/').pop()}`);

    const { value } = await getRecord(published.externalId);
    expect(value.$type).toBe('app.bsky.feed.post');
    expect(value.text).toBe(text);
    expect(Date.now() - Date.parse(value.createdAt)).toBeLessThan(60_000);
    // Facets index the UTF-8 bytes: "è", "û", "🍮" and "—" put them after the character offsets.
    expect(value.facets).toMatchObject([
      { index: byteRangeOf(text, '@bob.test'), features: [{ $type: 'app.bsky.richtext.facet#mention', did: bob.did }] },
      {
        index: byteRangeOf(text, 'https://bakery.example/menu?day=fri'),
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://bakery.example/menu?day=fri' }],
      },
    ]);
    expect(byteRangeOf(text, '@bob.test').byteStart).toBeGreaterThan(text.indexOf('@bob.test'));

    expect(value.embed?.$type).toBe('app.bsky.embed.images');
    const [image] = value.embed!.images!;
    expect(image!.alt).toBe('A round sourdough loaf on a board');
    expect(image!.aspectRatio).toEqual({ width: 640, height: 480 });
    expect(image!.image).toMatchObject({ $type: 'blob', mimeType: 'image/jpeg', size: loaf.size });
    const blob = await getBlob(alice.did, image!.image.ref.$link);
    expect(blob.type).toBe('image/jpeg');
    expect(blob.bytes.equals(await bytesOf(loaf))).toBe(true);
  });

  it('posts a video as app.bsky.embed.video with its aspect ratio and description', async () => {
    const published = await adapter.publish(account, post('Cutting the first loaf', [clip], 'video'), { signal: signal() });
    const { value } = await getRecord(published.externalId);
    expect(value.embed).toMatchObject({
      $type: 'app.bsky.embed.video',
      alt: 'The loaf being cut',
      aspectRatio: { width: 360, height: 640 },
      video: { $type: 'blob', mimeType: 'video/mp4', size: clip.size },
    });
    const blob = await getBlob(alice.did, value.embed!.video!.ref.$link);
    expect(blob.bytes.equals(await bytesOf(clip))).toBe(true);
  });

  it("posts a thread's parts as replies to the first", async () => {
    const published = await adapter.publish(account, post('Bake day, 1/2\n---\nDoors open at 7, 2/2', [], 'thread'), { signal: signal() });
    const first = await getRecord(published.externalId);
    expect(first.value.text).toBe('Bake day, 1/2');
    expect(first.value.reply).toBeUndefined();

    const listed = await fetch(
      `${pds.url}/xrpc/com.atproto.repo.listRecords?${new URLSearchParams({ repo: alice.did, collection: 'app.bsky.feed.post', limit: '1' })}`,
    );
    const [reply] = ((await listed.json()) as { records: StoredRecord[] }).records;
    expect(reply!.value.text).toBe('Doors open at 7, 2/2');
    const root = { uri: published.externalId, cid: first.cid };
    expect(reply!.value.reply).toEqual({ root, parent: root });
  });

  it("fails for good, with Bluesky's words, on a record the PDS refuses", async () => {
    // checkPost would have caught this text; the PDS checks records against the lexicon itself.
    const error = await failure(adapter.publish(account, post('a'.repeat(301)), { signal: signal() }));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).not.toBeInstanceOf(ChannelAuthError);
    const refusal = error as PublishError;
    expect(refusal.temporary).toBe(false);
    expect(refusal.platformError).toBe(
      '{"error":"InvalidRequest","message":"Invalid app.bsky.feed.post record: grapheme too big (maximum 300, got 301) at $.record.text"}',
    );
    expect(refusal.message).toBe(
      'Bluesky refused the post: Invalid app.bsky.feed.post record: grapheme too big (maximum 300, got 301) at $.record.text (InvalidRequest).',
    );
  });

  it('a retry of the same draft and round finds the post it made instead of posting again', async () => {
    const draft = post('Sourdough starter giveaway on Sunday');
    const first = await adapter.publish(account, draft, { signal: signal() });
    const retried = await adapter.publish(account, draft, { signal: signal() });
    expect(retried).toEqual(first);
    const listed = await fetch(
      `${pds.url}/xrpc/com.atproto.repo.listRecords?${new URLSearchParams({ repo: alice.did, collection: 'app.bsky.feed.post', limit: '100' })}`,
    );
    const { records } = (await listed.json()) as { records: StoredRecord[] };
    expect(records.filter((record) => record.value.text === draft.text)).toHaveLength(1);
    // Another draft with the same words is another post.
    const other = await adapter.publish(account, post(draft.text), { signal: signal() });
    expect(other.externalId).not.toBe(first.externalId);
  });

  it('asks to reconnect when the session token has expired or cannot be verified', async () => {
    const claims = JSON.parse(Buffer.from(account.accessToken.split('.')[1]!, 'base64url').toString()) as Record<string, number>;
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = pds.signAccessToken({ ...claims, iat: hourAgo - 7200, exp: hourAgo });
    const error = await failure(adapter.publish({ ...account, accessToken: expired }, post('Too late'), { signal: signal() }));
    expect(error).toBeInstanceOf(ChannelAuthError);
    expect((error as ChannelAuthError).platformError).toBe('{"error":"ExpiredToken","message":"Token has expired"}');
    expect((error as Error).message).toBe(
      "Bluesky no longer accepts this channel's session: Token has expired (ExpiredToken). Reconnect the channel.",
    );

    const forged = `${account.accessToken.slice(0, -4)}AAAA`;
    const invalid = await failure(adapter.fetchAccount(forged, account.instanceUrl, { signal: signal() }));
    expect(invalid).toBeInstanceOf(ChannelAuthError);
    expect((invalid as ChannelAuthError).platformError).toBe('{"error":"InvalidToken","message":"Token could not be verified"}');
  });

  it('stops when its signal is aborted, before anything is posted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(adapter.publish(account, post('Never sent', [loaf]), { signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
  });

  it("waits as long as the PDS's rate limit says (429 with its ratelimit-* headers)", async () => {
    // The PDS allows 30 sign-ins per identifier every five minutes: the 31st is refused.
    const attempts = Array.from({ length: 31 }, () =>
      signInToBluesky(config, { identifier: 'nobody.test', appPassword: 'abcd-efgh-ijkl-mnop' }, signal()).catch((error: unknown) => error),
    );
    const limited = (await Promise.all(attempts)).find((error) => error instanceof PublishError && error.temporary) as PublishError;
    expect(limited.platformError).toBe('{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}');
    expect(limited.message).toBe('Bluesky is limiting how fast Hookline may post. Hookline will try again.');
    // ratelimit-reset is when the five-minute window ends.
    expect(limited.retryAfterMs).toBeGreaterThan(280_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(300_000);
  });
});

describe('metrics', () => {
  it("reads likes, reposts with quotes and replies from the AppView, which counts other accounts' records", async () => {
    const published = await adapter.publish(account, post('Sourdough is back'), { signal: signal() });
    const subject = { uri: published.externalId, cid: (await getRecord(published.externalId)).cid };
    await createBobRecord('app.bsky.feed.like', { subject });
    await createBobRecord('app.bsky.feed.repost', { subject });
    await createBobRecord('app.bsky.feed.post', { text: 'Saving one for me?', reply: { root: subject, parent: subject } });
    await createBobRecord('app.bsky.feed.post', { text: 'Best in town', embed: { $type: 'app.bsky.embed.record', record: subject } });

    expect(await adapter.fetchMetrics(account, published.externalId, { signal: signal() })).toEqual({
      views: null,
      impressions: null,
      likes: 1,
      comments: 1,
      reposts: 2,
    });
    const [request] = appView.requests.slice(-1);
    expect(request!.path).toBe('/xrpc/app.bsky.feed.getPosts');
    expect(request!.query.getAll('uris')).toEqual([published.externalId]);
  });

  it('is temporary when the AppView limits or fails, waiting for its ratelimit-reset', async () => {
    const reset = Math.floor(Date.now() / 1000) + 90;
    const body = { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' };
    appView.failNext(429, body, {
      'ratelimit-limit': '3000',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(reset),
      'ratelimit-policy': '3000;w=300',
    });
    const limited = (await failure(
      adapter.fetchMetrics(account, 'at://did:plc:x/app.bsky.feed.post/3k', { signal: signal() }),
    )) as PublishError;
    expect(limited.temporary).toBe(true);
    expect(limited.platformError).toBe(JSON.stringify(body));
    expect(limited.retryAfterMs).toBeGreaterThan(85_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(90_000);

    appView.failNext(502, { error: 'UpstreamFailure', message: 'Upstream Failure' });
    const failed = (await failure(
      adapter.fetchMetrics(account, 'at://did:plc:x/app.bsky.feed.post/3k', { signal: signal() }),
    )) as PublishError;
    expect(failed.temporary).toBe(true);
    expect(failed.platformError).toBe('{"error":"UpstreamFailure","message":"Upstream Failure"}');
  });

  it('says when the AppView no longer has the post', async () => {
    const error = await failure(adapter.fetchMetrics(account, `at://${alice.did}/app.bsky.feed.post/3kdeleted2222`, { signal: signal() }));
    expect((error as PublishError).temporary).toBe(false);
    expect((error as Error).message).toBe('Bluesky no longer has this post: it may have been deleted.');
  });
});
