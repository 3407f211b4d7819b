import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDraft, TDraftChannel, TDraftType, TSocialConnection } from '@hookline/shared';
import { firstWords } from '../../../src/modules/workspaces/record-staff-action.ts';
import type { PostMedia } from '../../../src/modules/networks/network-adapter.ts';
import type { PostScheduler } from '../../../src/modules/publishing/post-scheduler.ts';
import { startBlueskyAppViewFake } from '../../networks/bluesky-appview-fake.ts';
import { startBlueskyPds, type LocalBluesky, type LocalBlueskyAccount } from '../../networks/bluesky-pds.ts';
import { startInstagramFake, type InstagramFake } from '../../networks/instagram-fake.ts';
import { startLinkedInFake, type LinkedInFake } from '../../networks/linkedin-fake.ts';
import { startMastodonFake, type MastodonFake } from '../../networks/mastodon-fake.ts';
import { imageMedia, videoMedia } from '../../networks/post-media.ts';
import { startTwitterFake, TWITTER_ERRORS, type TwitterFake } from '../../networks/twitter-fake.ts';
import { startYouTubeFake, type YouTubeFake } from '../../networks/youtube-fake.ts';
import { signUpAs, type ApiCaller } from '../../support/admin.ts';
import { connectChannel, createListeningTestApp, networkScheduler, testClock, type TestClock } from '../../support/channel-publishing.ts';
import type { TestApp } from '../../support/test-app.ts';
import { clientTimeline, sendInWorkspace } from '../../support/workspace-caller.ts';

const MINUTE = 60_000;
const ALT_TEXT = 'A round sourdough loaf on a linen cloth, dusted with flour';

/** A file as a user attaches it to a draft. */
interface AttachedFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/** A post as the network holds it: its public address, its words, and each media file it received (SHA-256) with its description. */
interface NetworkPost {
  url: string;
  text: string;
  media: Array<{ sha256: string; alt: string | null }>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function fileOf(media: PostMedia): Promise<AttachedFile> {
  const bytes = Buffer.concat((await (await media.open()).toArray()) as Buffer[]);
  return { bytes, name: media.name, type: media.type };
}

let t: TestApp;
let x: TwitterFake;
let linkedin: LinkedInFake;
let youtube: YouTubeFake;
let instagram: InstagramFake;
let mastodon: MastodonFake;
let pds: LocalBluesky;
let appView: Awaited<ReturnType<typeof startBlueskyAppViewFake>>;
let skyAccount: LocalBlueskyAccount;
let ana: ApiCaller;
let bob: ApiCaller;
let image: AttachedFile;
let video: AttachedFile;
let clock: TestClock;
let scheduler: PostScheduler;
/** The connections of Ana's workspace and of Bob's, once connected. */
let anas: TSocialConnection[];
let bobs: TSocialConnection[];

beforeAll(async () => {
  [x, linkedin, youtube, instagram, mastodon, pds] = await Promise.all([
    startTwitterFake(),
    startLinkedInFake(),
    startYouTubeFake(),
    startInstagramFake(),
    startMastodonFake(),
    startBlueskyPds(),
  ]);
  appView = await startBlueskyAppViewFake(pds.url);
  t = await createListeningTestApp({
    // Only the scheduler made here publishes, on the test's clock.
    RUN_JOBS: 'false',
    ...x.env,
    ...linkedin.env,
    ...youtube.env,
    ...instagram.env,
    ...mastodon.env,
    ...appView.env,
    CHANNEL_BLUESKY_SERVICE_URL: pds.url,
  });
  ana = await signUpAs(t, 'ana@publishing.test');
  bob = await signUpAs(t, 'bob@publishing.test');
  skyAccount = await pds.createAccount('anabakes');
  image = await fileOf(await imageMedia({ width: 1080, height: 1080 }));
  video = await fileOf(await videoMedia({ width: 1280, height: 720, seconds: 2 }));
  clock = testClock(Date.now());
  scheduler = networkScheduler(t, clock);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([x, linkedin, youtube, instagram, mastodon, appView, pds].map((server) => server?.close()));
});

const connections = async (caller: ApiCaller) => {
  const response = await caller.get('/api/social/connections');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TSocialConnection[];
};
const connectionOf = (list: TSocialConnection[], provider: string, handle?: string) =>
  list.find((connection) => connection.provider === provider && (handle === undefined || connection.handle === handle))!;

async function createDraft(caller: ApiCaller, input: { channel: TDraftChannel; type?: TDraftType; text: string }): Promise<TDraft> {
  const response = await caller.post('/api/drafts', { type: 'post', ...input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TDraft;
}

async function attach(caller: ApiCaller, draftId: string, file: AttachedFile): Promise<TDraft> {
  const response = await sendInWorkspace(t, null, caller, 'POST', `/api/drafts/${draftId}/media`, {
    multipart: [{ name: 'file', file: file.bytes, filename: file.name, type: file.type }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TDraft;
}

const getDraft = async (caller: ApiCaller, id: string) => {
  const response = await caller.get(`/api/drafts/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TDraft;
};

/** Schedules the draft ten minutes ahead; answers when it is due. */
async function scheduleSoon(caller: ApiCaller, id: string): Promise<number> {
  const due = Date.now() + 10 * MINUTE;
  const response = await caller.post(`/api/drafts/${id}/schedule`, { at: new Date(due).toISOString() });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ status: 'queued', scheduledAt: new Date(due).toISOString() });
  return due;
}

/** Moves the test's clock to `at` and runs one scheduler pass; answers how many posts it handled. */
function publishDueAt(at: number): Promise<number> {
  clock.set(at);
  return scheduler.publishDue();
}

const timelineTexts = async (caller: ApiCaller) => {
  const workspaceId = (await caller.get('/api/workspace')).json().id as string;
  return (await clientTimeline(t.db, workspaceId)).map((line) => `${line.who}: ${line.text}`);
};

// What each network holds, read from its own state (the fakes', the reference PDS's records and blobs).
const xMediaBytes = (id: string) =>
  Buffer.concat([...x.media.get(id)!.segments.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes));

const xPosts = (): NetworkPost[] =>
  [...x.tweets.values()].map((tweet) => ({
    url: `https://x.com/${x.user.username}/status/${tweet.id}`,
    text: tweet.text,
    media: tweet.mediaIds.map((id) => ({ sha256: sha256(xMediaBytes(id)), alt: x.media.get(id)!.altText })),
  }));

const linkedInPosts = (): NetworkPost[] =>
  [...linkedin.posts.values()].map((post) => {
    const attached = (post.body.content as { media?: { id: string; altText?: string } } | undefined)?.media;
    return {
      url: `https://www.linkedin.com/feed/update/${post.urn}/`,
      text: post.body.commentary,
      media: attached ? [{ sha256: sha256(linkedin.images.get(attached.id)!.bytes!), alt: attached.altText ?? null }] : [],
    };
  });

const youTubePosts = (): NetworkPost[] =>
  [...youtube.videos.values()].map((uploaded) => ({
    url: `https://www.youtube.com/watch?v=${uploaded.id}`,
    text: `${uploaded.snippet.title}\n${uploaded.snippet.description}`,
    // YouTube keeps no description of the video file itself.
    media: [{ sha256: sha256(uploaded.bytes), alt: null }],
  }));

const instagramPosts = (): NetworkPost[] =>
  [...instagram.media.values()].map((item) => {
    const container = instagram.containers.get(item.containerId)!;
    const download = container.download!;
    // Instagram fetched the file itself, from the app's signed media address.
    expect(download.url.startsWith(`${t.config.baseUrl}/api/review/media/`), download.url).toBe(true);
    return { url: item.permalink, text: item.caption, media: [{ sha256: download.sha256!, alt: container.params.alt_text ?? null }] };
  });

const mastodonPosts = (): NetworkPost[] =>
  [...mastodon.statuses.values()].map((status) => ({
    url: `${mastodon.url}/@${mastodon.account.username}/${status.id}`,
    text: status.text,
    media: status.mediaIds.map((id) => ({ sha256: sha256(mastodon.media.get(id)!.bytes), alt: mastodon.media.get(id)!.description })),
  }));

async function readPds<T>(method: string, query: Record<string, string>): Promise<{ body: T; bytes: Buffer }> {
  const response = await fetch(`${pds.url}/xrpc/${method}?${new URLSearchParams(query)}`);
  expect(response.status, method).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString('utf8')) : null) as T };
}

interface SkyPostRecord {
  uri: string;
  value: { text: string; createdAt: string; embed?: { images?: Array<{ alt: string; image: { ref: { $link: string } } }> } };
}

async function blueskyPosts(): Promise<NetworkPost[]> {
  const { body } = await readPds<{ records: SkyPostRecord[] }>('com.atproto.repo.listRecords', {
    repo: skyAccount.did,
    collection: 'app.bsky.feed.post',
    limit: '100',
  });
  const records = body.records.toSorted((a, b) => a.value.createdAt.localeCompare(b.value.createdAt));
  return Promise.all(
    records.map(async (record) => ({
      url: `https://bsky.app/profile/${skyAccount.handle}/post/${record.uri.split('/').at(-1)}`,
      text: record.value.text,
      media: await Promise.all(
        (record.value.embed?.images ?? []).map(async (item) => ({
          sha256: sha256((await readPds('com.atproto.sync.getBlob', { did: skyAccount.did, cid: item.image.ref.$link })).bytes),
          alt: item.alt,
        })),
      ),
    })),
  );
}

describe('publishing to the networks through the app, each connected as a user connects it', () => {
  it('connects X, LinkedIn, YouTube and Instagram through their authorization pages, Mastodon by instance and Bluesky with an app password', async () => {
    for (const provider of ['twitter', 'linkedin', 'google', 'instagram']) {
      const back = await connectChannel(t, ana, provider);
      expect(`${back.pathname}${back.search}`, provider).toBe(`/dashboard/settings?connected=${provider}`);
    }
    const toMastodon = await connectChannel(t, ana, 'mastodon', { instance: mastodon.url });
    expect(toMastodon.searchParams.get('connected')).toBe('mastodon');
    const sky = await ana.post('/api/social/bluesky/connect', {
      identifier: skyAccount.handle,
      appPassword: skyAccount.appPassword,
      service: pds.url,
    });
    expect(sky.statusCode, sky.body).toBe(201);
    expect(sky.json()).toMatchObject({ provider: 'bluesky', handle: skyAccount.handle, status: 'connected' });
    expect((await connectChannel(t, bob, 'mastodon', { instance: mastodon.url })).searchParams.get('connected')).toBe('mastodon');

    anas = await connections(ana);
    bobs = await connections(bob);
    expect(anas.map(({ provider, handle, status }) => ({ provider, handle, status }))).toEqual(
      expect.arrayContaining([
        { provider: 'twitter', handle: `@${x.user.username}`, status: 'connected' },
        { provider: 'linkedin', handle: linkedin.member.name, status: 'connected' },
        // The member's pages are connected beside the member.
        ...linkedin.organizations.map((page) => ({ provider: 'linkedin', handle: page.localizedName, status: 'connected' })),
        { provider: 'google', handle: youtube.channel.customUrl, status: 'connected' },
        { provider: 'instagram', handle: `@${instagram.account.username}`, status: 'connected' },
        { provider: 'mastodon', handle: `@${mastodon.account.username}@${new URL(mastodon.url).host}`, status: 'connected' },
        { provider: 'bluesky', handle: skyAccount.handle, status: 'connected' },
      ]),
    );
    expect(anas).toHaveLength(8);
    expect(bobs.map((connection) => connection.provider)).toEqual(['mastodon']);
  });

  const networks: Array<{
    channel: TDraftChannel;
    type: TDraftType;
    text: string;
    file: () => AttachedFile;
    /** Whether the network keeps the media's description (alt text). */
    describesMedia: boolean;
    posts: () => NetworkPost[] | Promise<NetworkPost[]>;
  }> = [
    {
      channel: 'twitter',
      type: 'post',
      text: 'Fresh sourdough at 7, only on X today',
      file: () => image,
      describesMedia: true,
      posts: xPosts,
    },
    {
      channel: 'linkedin',
      type: 'post',
      text: 'Our bakery is hiring a morning baker',
      file: () => image,
      describesMedia: true,
      posts: linkedInPosts,
    },
    {
      channel: 'youtube',
      type: 'video',
      text: 'How we shape a loaf\nTwo minutes at the bench with our head baker.',
      file: () => video,
      describesMedia: false,
      posts: youTubePosts,
    },
    { channel: 'instagram', type: 'post', text: 'Crumb shot of the week', file: () => image, describesMedia: true, posts: instagramPosts },
    { channel: 'mastodon', type: 'post', text: 'Rye is back on the shelf', file: () => image, describesMedia: true, posts: mastodonPosts },
    {
      channel: 'bluesky',
      type: 'post',
      text: 'Sourdough starter giveaway on Saturday',
      file: () => image,
      describesMedia: true,
      posts: blueskyPosts,
    },
  ];

  it.each(networks)('publishes a scheduled $channel post at its time: the network has exactly that post', async (network) => {
    const before = await network.posts();
    const draft = await createDraft(ana, { channel: network.channel, type: network.type, text: network.text });
    await attach(ana, draft.id, network.file());
    const described = await ana.patch(`/api/drafts/${draft.id}`, { mediaAlt: ALT_TEXT });
    expect(described.statusCode, described.body).toBe(200);
    const due = await scheduleSoon(ana, draft.id);

    expect(await publishDueAt(due - 1000)).toBe(0);
    expect(await publishDueAt(due)).toBe(1);

    const after = await network.posts();
    expect(after).toHaveLength(before.length + 1);
    const posted = after.at(-1)!;
    expect(posted).toEqual({
      url: expect.any(String),
      text: network.text,
      media: [{ sha256: sha256(network.file().bytes), alt: network.describesMedia ? ALT_TEXT : null }],
    });
    expect(await getDraft(ana, draft.id)).toMatchObject({
      status: 'published',
      publishedAt: new Date(due).toISOString(),
      publishedTo: network.channel,
      postUrl: posted.url,
      failureReason: null,
      platformError: null,
    });
    expect(await timelineTexts(ana)).toContain(`Scheduler: Post published to ${network.channel}: ${firstWords(network.text)}`);
  });

  it("fails a post the network refuses, with Hookline's sentence, the network's answer word for word and a timeline line", async () => {
    const before = xPosts().length;
    const text = 'Croissants are sold out, back tomorrow';
    const draft = await createDraft(ana, { channel: 'twitter', text });
    const due = await scheduleSoon(ana, draft.id);
    x.failNext(403, TWITTER_ERRORS.duplicate, {}, '/2/tweets');

    expect(await publishDueAt(due)).toBe(1);
    const reason = 'X refuses a post with the same text as one this account already posted. Change the text, then publish again.';
    expect(await getDraft(ana, draft.id)).toMatchObject({
      status: 'failed',
      failureReason: reason,
      platformError: JSON.stringify(TWITTER_ERRORS.duplicate),
      postUrl: null,
      publishedTo: null,
    });
    expect(await timelineTexts(ana)).toContain(`Scheduler: Post failed: ${reason}: ${firstWords(text)}`);
    expect(xPosts()).toHaveLength(before);
    // The next pass leaves a failed post alone.
    expect(await publishDueAt(due + 60 * MINUTE)).toBe(0);
  });

  it("waits as long as X's x-rate-limit-reset says after a 429, then publishes the post once", async () => {
    const before = xPosts().length;
    const tweetCalls = () => x.requestsTo('/2/tweets').filter((request) => request.method === 'POST').length;
    const callsBefore = tweetCalls();
    const text = 'Pretzel Friday starts at noon';
    const draft = await createDraft(ana, { channel: 'twitter', text });
    const due = await scheduleSoon(ana, draft.id);
    const waitMs = 15 * MINUTE;
    const resetAt = Math.ceil((Date.now() + waitMs) / 1000);
    x.failNext(429, TWITTER_ERRORS.tooManyRequests, { 'x-rate-limit-reset': String(resetAt) }, '/2/tweets');

    expect(await publishDueAt(due)).toBe(1);
    expect(await getDraft(ana, draft.id)).toMatchObject({
      status: 'publishing',
      failureReason: 'X is limiting how fast Hookline may post. Hookline will try again.',
      platformError: JSON.stringify(TWITTER_ERRORS.tooManyRequests),
    });
    // Not at the scheduler's own first backoff (PUBLISH_RETRY_BASE_MS, 30 s), nor a little before X's reset.
    expect(await publishDueAt(due + t.config.PUBLISH_RETRY_BASE_MS)).toBe(0);
    expect(await publishDueAt(due + waitMs - MINUTE)).toBe(0);
    expect(await publishDueAt(due + waitMs + 1000)).toBe(1);

    expect(await getDraft(ana, draft.id)).toMatchObject({ status: 'published', failureReason: null, platformError: null });
    expect(tweetCalls() - callsBefore).toBe(2);
    expect(
      xPosts()
        .slice(before)
        .map((post) => post.text),
    ).toEqual([text]);
    expect(await publishDueAt(due + 2 * waitMs)).toBe(0);
    expect(xPosts()).toHaveLength(before + 1);
  });

  describe("the network's checks before a post is queued", () => {
    const tooLongForX = `${'Our whole menu this week, in one post. '.repeat(8).trim()}`;
    const xProblem = `X counts this text as ${tooLongForX.length} characters; the limit is 280.`;
    const instagramProblem = 'Instagram does not publish text on its own. Attach an image or a video.';

    it('refuses (422, with the problems) to queue, schedule or publish a post the connected account would refuse', async () => {
      expect(tooLongForX.length).toBeGreaterThan(280);
      const tweet = await createDraft(ana, { channel: 'twitter', text: tooLongForX });
      const caption = await createDraft(ana, { channel: 'instagram', text: 'Just words, no picture' });
      expect(tweet.problems).toEqual([xProblem]);
      expect(caption.problems).toEqual([instagramProblem]);
      for (const [draft, problem] of [
        [tweet, xProblem],
        [caption, instagramProblem],
      ] as const) {
        for (const [action, body] of [
          ['queue', undefined],
          ['schedule', { at: new Date(Date.now() + 10 * MINUTE).toISOString() }],
          ['publish', undefined],
        ] as const) {
          const refused = await ana.post(`/api/drafts/${draft.id}/${action}`, body);
          expect(refused.statusCode, `${draft.channel} ${action}`).toBe(422);
          expect(refused.json()).toEqual({ error: problem });
        }
        expect(await getDraft(ana, draft.id)).toMatchObject({ status: 'draft', scheduledAt: null });
      }
    });

    it('accepts the same posts in a workspace with no account of their channel: published in Hookline only', async () => {
      const xBefore = xPosts().length;
      const instagramBefore = instagram.media.size;
      const drafts = [
        await createDraft(bob, { channel: 'twitter', text: tooLongForX }),
        await createDraft(bob, { channel: 'instagram', text: 'Just words, no picture' }),
      ];
      const queued = [];
      for (const draft of drafts) {
        expect(draft.problems).not.toEqual([]);
        const response = await bob.post(`/api/drafts/${draft.id}/queue`);
        expect(response.statusCode, response.body).toBe(200);
        queued.push(response.json() as TDraft);
      }
      expect(queued.map((draft) => draft.status)).toEqual(['queued', 'queued']);

      const latest = Math.max(...queued.map((draft) => Date.parse(draft.scheduledAt!)));
      expect(await publishDueAt(latest)).toBe(2);
      for (const draft of drafts) {
        expect(await getDraft(bob, draft.id)).toMatchObject({ status: 'published', publishedTo: 'hookline', postUrl: null });
      }
      expect(xPosts()).toHaveLength(xBefore);
      expect(instagram.media.size).toBe(instagramBefore);
    });
  });

  it('Duplicate to… copies the words, the media and its description to drafts of other channels, which publish there', async () => {
    const text = 'Seeded rye, two ways';
    const source = await createDraft(ana, { channel: 'twitter', text });
    await attach(ana, source.id, image);
    expect((await ana.patch(`/api/drafts/${source.id}`, { mediaAlt: ALT_TEXT })).statusCode).toBe(200);
    const response = await ana.post(`/api/drafts/${source.id}/duplicate`, { to: [{ channel: 'mastodon' }, { channel: 'linkedin' }] });
    expect(response.statusCode, response.body).toBe(201);
    const copies = response.json() as TDraft[];
    expect(
      copies.map(({ channel, type, text: words, status, connectionId }) => ({ channel, type, text: words, status, connectionId })),
    ).toEqual([
      { channel: 'mastodon', type: 'post', text, status: 'draft', connectionId: null },
      { channel: 'linkedin', type: 'post', text, status: 'draft', connectionId: null },
    ]);
    for (const copy of copies) {
      expect(copy.id).not.toBe(source.id);
      expect(copy.media).toMatchObject({ name: image.name, type: image.type, altText: ALT_TEXT });
      const served = await ana.get(`/api/drafts/${copy.id}/media`);
      expect(served.statusCode).toBe(200);
      expect(sha256(served.rawPayload)).toBe(sha256(image.bytes));
    }

    const mastodonBefore = mastodonPosts().length;
    const due = await scheduleSoon(ana, copies[0].id);
    expect(await publishDueAt(due)).toBe(1);
    const posted = mastodonPosts().slice(mastodonBefore);
    expect(posted).toEqual([{ url: expect.any(String), text, media: [{ sha256: sha256(image.bytes), alt: ALT_TEXT }] }]);
    expect(await getDraft(ana, copies[0].id)).toMatchObject({ status: 'published', publishedTo: 'mastodon', postUrl: posted[0].url });
    // The source keeps its own file.
    expect(sha256((await ana.get(`/api/drafts/${source.id}/media`)).rawPayload)).toBe(sha256(image.bytes));
  });

  it("names the account a draft goes to: another workspace's or another channel's account is refused (400)", async () => {
    const draft = await createDraft(ana, { channel: 'linkedin', text: 'Crumb Co opens a second shop' });
    const bobsMastodon = connectionOf(bobs, 'mastodon');
    const anasX = connectionOf(anas, 'twitter');
    const crumbCo = connectionOf(anas, 'linkedin', 'Crumb Co');

    const foreign = await ana.patch(`/api/drafts/${draft.id}`, { connectionId: bobsMastodon.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: 'That channel account is not connected to this workspace.' });
    const otherChannel = await ana.patch(`/api/drafts/${draft.id}`, { connectionId: anasX.id });
    expect(otherChannel.statusCode).toBe(400);
    expect(otherChannel.json()).toEqual({ error: "That account does not post to linkedin. Choose an account of the draft's channel." });
    const duplicated = await ana.post(`/api/drafts/${draft.id}/duplicate`, {
      to: [{ channel: 'mastodon', connectionId: bobsMastodon.id }],
    });
    expect(duplicated.statusCode).toBe(400);
    expect((await getDraft(ana, draft.id)).connectionId).toBeNull();

    // The page it names is the author of the post.
    const named = await ana.patch(`/api/drafts/${draft.id}`, { connectionId: crumbCo.id });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ connectionId: crumbCo.id });
    const due = await scheduleSoon(ana, draft.id);
    expect(await publishDueAt(due)).toBe(1);
    const page = linkedin.organizations.find((organization) => organization.localizedName === 'Crumb Co')!;
    expect([...linkedin.posts.values()].at(-1)!.body).toMatchObject({ author: `urn:li:organization:${page.id}`, commentary: draft.text });
    expect(await getDraft(ana, draft.id)).toMatchObject({ status: 'published', publishedTo: 'linkedin', connectionId: crumbCo.id });
  });

  it('a YouTube reconnect that Google answers without a refresh token keeps the stored one, which still renews', async () => {
    const channel = connectionOf(anas, 'google');
    const stored = () => t.db.selectFrom('socialConnection').select('refreshToken').where('id', '=', channel.id).executeTakeFirstOrThrow();
    const before = await stored();
    youtube.setRefreshTokenOnRepeatConsent(false);
    try {
      expect((await connectChannel(t, ana, 'google')).searchParams.get('connected')).toBe('google');
    } finally {
      youtube.setRefreshTokenOnRepeatConsent(true);
    }
    expect((await stored()).refreshToken).toBe(before.refreshToken);
    const refreshed = await ana.post(`/api/social/${channel.id}/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ id: channel.id, status: 'connected' });
  });

  it('an edit that the network would refuse is refused (422) on a post already scheduled; a draft may hold it', async () => {
    const draft = await createDraft(ana, { channel: 'twitter', text: 'Short and sweet' });
    await scheduleSoon(ana, draft.id);
    const tooLong = await ana.patch(`/api/drafts/${draft.id}`, { text: 'x'.repeat(300) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error).toMatch(/280/);
    expect(await getDraft(ana, draft.id)).toMatchObject({ status: 'queued', text: 'Short and sweet' });
    expect((await ana.post(`/api/drafts/${draft.id}/unqueue`)).statusCode).toBe(200);
    const held = await ana.patch(`/api/drafts/${draft.id}`, { text: 'x'.repeat(300) });
    expect(held.statusCode).toBe(200);
    expect(held.json().problems).toEqual([expect.stringMatching(/280/)]);
  });

  it('a post whose named account was removed fails at its time instead of going out on another account', async () => {
    const crumbCo = connectionOf(anas, 'linkedin', 'Crumb Co');
    const draft = await createDraft(ana, { channel: 'linkedin', text: 'Crumb Co: Sunday hours' });
    expect((await ana.patch(`/api/drafts/${draft.id}`, { connectionId: crumbCo.id })).statusCode).toBe(200);
    const due = await scheduleSoon(ana, draft.id);
    expect((await ana.del(`/api/social/${crumbCo.id}`)).statusCode).toBe(204);
    const before = linkedin.posts.size;
    expect(await publishDueAt(due)).toBe(1);
    expect(linkedin.posts.size).toBe(before);
    expect(await getDraft(ana, draft.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The account this post was for was removed. Choose another account on the post, then Retry.',
    });
  });

  it('Refresh on a Mastodon channel (tokens that never expire) checks it is still accepted and keeps it connected', async () => {
    const account = connectionOf(anas, 'mastodon');
    const refreshed = await ana.post(`/api/social/${account.id}/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ id: account.id, status: 'connected', lastError: null });
  });
});
