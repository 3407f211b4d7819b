import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminChannel, TDraft, TSocialConnection } from '@hookline/shared';
import { openDatabase } from '../../../src/db/database.ts';
import { secretBoxFor } from '../../../src/lib/secret-box.ts';
import { fetchPostMetrics } from '../../../src/modules/publishing/fetch-post-metrics.ts';
import type { PostScheduler } from '../../../src/modules/publishing/post-scheduler.ts';
import { openChannelAccount } from '../../../src/modules/social/open-channel-account.ts';
import { refreshExpiringChannels } from '../../../src/modules/social/refresh-expiring-channels.ts';
import { ACCESS_TOKEN_CONTEXT } from '../../../src/modules/social/seal-tokens.ts';
import { startTwitterFake, TWITTER_ERRORS, type TwitterFake } from '../../networks/twitter-fake.ts';
import { apiCaller, createAdminTestApp, type AdminTestApp, type ApiCaller } from '../../support/admin.ts';
import { channelDepsOf, connectChannel, networkScheduler, testClock, type TestClock } from '../../support/channel-publishing.ts';
import { startSmtpServer, type FakeSmtpServer } from '../../support/mail.ts';
import { signUp, TEST_BASE_URL, type TestApp } from '../../support/test-app.ts';
import { clientTimeline } from '../../support/workspace-caller.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TWO_HOURS = 2 * 60 * MINUTE;

let smtp: FakeSmtpServer;
let x: TwitterFake;
let a: AdminTestApp;
let t: TestApp;
let ana: ApiCaller;
let zoe: ApiCaller;
let clock: TestClock;
let scheduler: PostScheduler;
/** Ana's X channel. */
let channelId: string;

beforeAll(async () => {
  [smtp, x] = await Promise.all([startSmtpServer(), startTwitterFake()]);
  // Only the passes and the scheduler called here run, on the test's clock.
  a = await createAdminTestApp({ SMTP_URL: smtp.url, RUN_JOBS: 'false', ...x.env });
  t = a.t;
  const signUpOwner = async (email: string, name: string) => {
    const { cookie, user } = await signUp(t.app, { email, name });
    return apiCaller(t, { cookie, email: user.email, userId: user.id });
  };
  ana = await signUpOwner('ana@health.test', 'Ana Bakes');
  zoe = await signUpOwner('zoe@health.test', 'Zoe Pastry');
  clock = testClock(Date.now());
  scheduler = networkScheduler(t, clock);
});

afterAll(async () => {
  await t?.close();
  await Promise.all([x?.close(), smtp?.close()]);
});

const deps = () => channelDepsOf(t);
const storedRow = (id: string) => t.db.selectFrom('socialConnection').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const openAccessToken = (sealed: string) => secretBoxFor(t.config).open(sealed, ACCESS_TOKEN_CONTEXT);
const connections = async (caller: ApiCaller) => {
  const response = await caller.get('/api/social/connections');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TSocialConnection[];
};
/** How many refresh_token grants X's token endpoint has received. */
const refreshGrants = () =>
  x.requestsTo('/2/oauth2/token').filter((request) => new URLSearchParams(request.body.toString()).get('grant_type') === 'refresh_token')
    .length;
const reconnectMails = () => smtp.messages.filter((mail) => mail.subject.startsWith('Reconnect X '));
const timelineOf = async (caller: ApiCaller) => {
  const workspaceId = (await caller.get('/api/workspace')).json().id as string;
  return (await clientTimeline(t.db, workspaceId)).map((line) => `${line.who}: ${line.text}`);
};
const getDraft = async (caller: ApiCaller, id: string) => (await caller.get(`/api/drafts/${id}`)).json() as TDraft;
/** Whether X accepts this access token now. */
const xAccepts = async (accessToken: string) =>
  (await fetch(`${x.url}/2/users/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status === 200;

async function createDraft(caller: ApiCaller, text: string): Promise<TDraft> {
  const response = await caller.post('/api/drafts', { channel: 'twitter', type: 'post', text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TDraft;
}

async function schedule(caller: ApiCaller, text: string, at: number): Promise<TDraft> {
  const draft = await createDraft(caller, text);
  const response = await caller.post(`/api/drafts/${draft.id}/schedule`, { at: new Date(at).toISOString() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TDraft;
}

function publishDueAt(at: number): Promise<number> {
  clock.set(at);
  return scheduler.publishDue();
}

describe("a channel's health: renewals, re-auth, metrics and the staff view", () => {
  it('renews an X channel shortly before its 2-hour token expires, and not earlier', async () => {
    const back = await connectChannel(t, ana, 'twitter');
    expect(back.searchParams.get('connected')).toBe('twitter');
    [{ id: channelId }] = await connections(ana);
    const connected = await storedRow(channelId);
    const expiresAt = Date.parse(connected.expiresAt!);
    expect(expiresAt - Date.now()).toBeGreaterThan(TWO_HOURS - MINUTE);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(TWO_HOURS);

    const grants = refreshGrants();
    expect(await refreshExpiringChannels(deps(), new Date(expiresAt - 60 * MINUTE))).toBe(0);
    expect(refreshGrants()).toBe(grants);

    expect(await refreshExpiringChannels(deps(), new Date(expiresAt - 10 * MINUTE))).toBe(1);
    expect(refreshGrants()).toBe(grants + 1);
    const renewed = await storedRow(channelId);
    expect(renewed).toMatchObject({ status: 'connected', lastError: null });
    expect(renewed.accessToken).not.toBe(connected.accessToken);
    expect(await xAccepts(openAccessToken(renewed.accessToken))).toBe(true);
  });

  it("reads published posts' figures for 30 days and not after", async () => {
    const start = Date.now();
    const published: TDraft[] = [];
    // One post goes out now, the other two days later.
    for (const [text, at] of [
      ['Day one: the oven is lit', start + MINUTE],
      ['Day three: first loaves out', start + 2 * DAY],
    ] as const) {
      const draft = await createDraft(ana, text);
      expect((await ana.post(`/api/drafts/${draft.id}/publish`)).statusCode).toBe(200);
      expect(await publishDueAt(at)).toBe(1);
      published.push(await getDraft(ana, draft.id));
    }
    const [older, newer] = published;
    expect(older).toMatchObject({ status: 'published', publishedAt: new Date(start + MINUTE).toISOString(), metrics: null });
    const tweetOf = (draft: TDraft) => draft.postUrl!.split('/').at(-1)!;
    x.setMetrics(tweetOf(older), { like_count: 12, reply_count: 3, retweet_count: 4, quote_count: 1, impression_count: 900 });
    x.setMetrics(tweetOf(newer), { like_count: 5, reply_count: 1, retweet_count: 0, quote_count: 2, impression_count: 300 });

    // 29 days after the first: both are within the 30 days.
    const firstPass = new Date(start + 29 * DAY);
    expect(await fetchPostMetrics(deps(), firstPass)).toBe(2);
    expect((await getDraft(ana, older.id)).metrics).toEqual({
      views: null,
      impressions: 900,
      likes: 12,
      comments: 3,
      reposts: 5,
      fetchedAt: firstPass.toISOString(),
    });

    // 31 days after the first: only the newer one is read again.
    x.setMetrics(tweetOf(older), { like_count: 99 });
    x.setMetrics(tweetOf(newer), { like_count: 50 });
    const secondPass = new Date(start + 31 * DAY);
    expect(await fetchPostMetrics(deps(), secondPass)).toBe(1);
    expect((await getDraft(ana, older.id)).metrics).toMatchObject({ likes: 12, fetchedAt: firstPass.toISOString() });
    expect((await getDraft(ana, newer.id)).metrics).toEqual({
      views: null,
      impressions: 300,
      likes: 50,
      comments: 1,
      reposts: 2,
      fetchedAt: secondPass.toISOString(),
    });

    // An account that needs signing in again is not asked; its post is read once it is connected.
    const { connectionId } = await t.db.selectFrom('draft').select('connectionId').where('id', '=', newer.id).executeTakeFirstOrThrow();
    await t.db.updateTable('socialConnection').set({ status: 'needs_reauth' }).where('id', '=', connectionId!).execute();
    const thirdPass = new Date(start + 32 * DAY);
    expect(await fetchPostMetrics(deps(), thirdPass)).toBe(0);
    await t.db.updateTable('socialConnection').set({ status: 'connected' }).where('id', '=', connectionId!).execute();
    expect(await fetchPostMetrics(deps(), thirdPass)).toBe(1);
  });

  it('a token X stops accepting in the middle of a publish is renewed once and the post goes out; nobody is mailed', async () => {
    const grants = refreshGrants();
    const mails = reconnectMails().length;
    const draft = await createDraft(ana, 'Baguettes until noon');
    expect((await ana.post(`/api/drafts/${draft.id}/publish`)).statusCode).toBe(200);
    x.failNext(401, TWITTER_ERRORS.unauthorized, {}, '/2/tweets');
    expect(await publishDueAt(Date.now())).toBe(1);
    expect(await getDraft(ana, draft.id)).toMatchObject({ status: 'published', publishedTo: 'twitter' });
    expect(refreshGrants()).toBe(grants + 1);
    expect(await storedRow(channelId)).toMatchObject({ status: 'connected', lastError: null });
    expect(reconnectMails()).toHaveLength(mails);
  });

  describe('when X stops accepting the refresh token', () => {
    const reason =
      'X @hookline_bakery no longer accepts this connection (invalid_request: Value passed for the token was invalid.). Reconnect the channel.';
    let expiresAt: number;
    let dueMeanwhile: TDraft;

    it('marks the channel Re-auth needed with the reason, on the timeline, and mails the owner one reconnect link', async () => {
      expiresAt = Date.parse((await storedRow(channelId)).expiresAt!);
      dueMeanwhile = await schedule(ana, 'Sourdough class, Saturday at 10', expiresAt + 30 * MINUTE);
      x.revokeRefreshTokens();

      expect(await refreshExpiringChannels(deps(), new Date(expiresAt + MINUTE))).toBe(0);
      expect(await connections(ana)).toEqual([expect.objectContaining({ id: channelId, status: 'needs_reauth', lastError: reason })]);
      expect(await timelineOf(ana)).toContain(`Hookline: Channel needs reconnecting: X @hookline_bakery. ${reason}`);

      const mails = reconnectMails();
      expect(mails).toHaveLength(1);
      expect(mails[0].envelopeTo).toEqual(['ana@health.test']);
      expect(mails[0].text).toContain(reason);
      expect(mails[0].text).toContain(`${TEST_BASE_URL}/dashboard/settings?reconnect=${channelId}#channels`);
    });

    it('a second failing pass, or a Refresh, mails nothing more and writes no second line', async () => {
      const lines = (await timelineOf(ana)).filter((line) => line.includes('Channel needs reconnecting')).length;
      expect(await refreshExpiringChannels(deps(), new Date(expiresAt + 5 * MINUTE))).toBe(0);
      const refreshed = await ana.post(`/api/social/${channelId}/refresh`);
      expect(refreshed.statusCode).toBe(409);
      expect(refreshed.json()).toEqual({ error: reason });
      expect(reconnectMails()).toHaveLength(1);
      expect((await timelineOf(ana)).filter((line) => line.includes('Channel needs reconnecting'))).toHaveLength(lines);
    });

    it('fails a post that falls due meanwhile, at its time, saying the channel needs reconnecting', async () => {
      const tweets = x.tweets.size;
      expect(await publishDueAt(Date.parse(dueMeanwhile.scheduledAt!))).toBe(1);
      expect(await getDraft(ana, dueMeanwhile.id)).toMatchObject({
        status: 'failed',
        failureReason: `X @hookline_bakery needs reconnecting. ${reason}`,
        publishedTo: null,
      });
      expect(x.tweets.size).toBe(tweets);
      expect(reconnectMails()).toHaveLength(1);
    });

    it('reconnecting through X restores the same channel, and Retry and a newly queued post go out', async () => {
      const back = await connectChannel(t, ana, 'twitter');
      expect(back.searchParams.get('connected')).toBe('twitter');
      expect(await connections(ana)).toEqual([expect.objectContaining({ id: channelId, status: 'connected', lastError: null })]);

      const retried = await ana.post(`/api/drafts/${dueMeanwhile.id}/publish`);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'publishing', failureReason: null });
      const queued = await schedule(ana, 'Back online: rye bread restocked', Date.now() + 20 * MINUTE);
      expect(await publishDueAt(Date.parse(queued.scheduledAt!))).toBe(2);

      for (const draft of [dueMeanwhile, queued]) {
        const published = await getDraft(ana, draft.id);
        expect(published).toMatchObject({ status: 'published', publishedTo: 'twitter', failureReason: null });
        const tweet = x.tweets.get(published.postUrl!.split('/').at(-1)!);
        expect(tweet?.text).toBe(draft.text);
      }
    });
  });

  it('two renewals of one channel at once spend the rotating refresh token once, and both get the new token', async () => {
    const row = await storedRow(channelId);
    const pastExpiry = new Date(Date.parse(row.expiresAt!) + MINUTE);
    const grants = refreshGrants();
    // Two processes, each with its own database connection, as two runners would be.
    const handles = [openDatabase(t.target), openDatabase(t.target)];
    try {
      const accounts = await Promise.all(handles.map((handle) => openChannelAccount(channelDepsOf(t, handle.db), row, pastExpiry)));
      expect(refreshGrants()).toBe(grants + 1);
      expect(accounts[0].accessToken).toBe(accounts[1].accessToken);
      expect(accounts[0].accessToken).not.toBe(openAccessToken(row.accessToken));
      const stored = await storedRow(channelId);
      expect(stored).toMatchObject({ status: 'connected', lastError: null, refreshLeaseUntil: null });
      expect(openAccessToken(stored.accessToken)).toBe(accounts[0].accessToken);
      expect(await xAccepts(accounts[0].accessToken)).toBe(true);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it("lists channels across clients for staff, the ones needing attention first; a manager sees only assigned clients'", async () => {
    expect((await connectChannel(t, zoe, 'twitter')).searchParams.get('connected')).toBe('twitter');
    const [zoesChannel] = await connections(zoe);
    x.failNext(400, TWITTER_ERRORS.invalidToken, {}, '/2/oauth2/token');
    expect((await zoe.post(`/api/social/${zoesChannel.id}/refresh`)).statusCode).toBe(409);

    const workspaceOf = async (caller: ApiCaller) => (await caller.get('/api/workspace')).json() as { id: string; name: string };
    const [anas, zoes] = [await workspaceOf(ana), await workspaceOf(zoe)];
    // Ana's client sorts first by name: the order below is the status's doing.
    expect(anas.name.localeCompare(zoes.name)).toBeLessThan(0);
    const listed = async (caller: ApiCaller) => {
      const response = await caller.get('/api/admin/channels');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { channels: TAdminChannel[] }).channels;
    };
    const anaRow = await storedRow(channelId);
    const expected = {
      zoe: {
        id: zoesChannel.id,
        provider: 'twitter',
        handle: '@hookline_bakery',
        status: 'needs_reauth',
        lastError: expect.stringContaining('no longer accepts this connection'),
        workspaceId: zoes.id,
        workspaceName: zoes.name,
      },
      ana: {
        id: channelId,
        status: 'connected',
        lastError: null,
        workspaceId: anas.id,
        workspaceName: anas.name,
        expiresAt: anaRow.expiresAt,
      },
    };
    for (const staff of [a.founder, a.admin]) {
      expect(await listed(staff)).toEqual([expect.objectContaining(expected.zoe), expect.objectContaining(expected.ana)]);
    }
    expect(await listed(a.manager)).toEqual([]);
    const assigned = await a.founder.post(`/api/admin/clients/${anas.id}/manager`, { email: a.manager.email });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await listed(a.manager)).toEqual([expect.objectContaining(expected.ana)]);
    expect((await ana.get('/api/admin/channels')).statusCode).toBe(403);
  });
});
