import type { TDraft } from '@hookline/shared';
import type { Locator, Page } from '@playwright/test';
import { startBlueskyAppViewFake } from '../../apps/server/test/networks/bluesky-appview-fake.ts';
import { startBlueskyPds, type LocalBluesky, type LocalBlueskyAccount } from '../../apps/server/test/networks/bluesky-pds.ts';
import { startMastodonFakeProcess, type MastodonFakeProcess } from '../support/mastodon.ts';
import { createDraft } from '../support/workspace.ts';
import { api, expect, signUpViaApi, test as base, uniqueEmail } from '../support/test.ts';

interface Networks {
  mastodon: MastodonFakeProcess;
  /** Bluesky's reference PDS (tools/bluesky-pds), where the posts and their likes are real records. */
  bluesky: LocalBluesky;
  /** The account Hookline posts with, and two people who like and repost its post. */
  bakery: LocalBlueskyAccount;
  fans: [LocalBlueskyAccount, LocalBlueskyAccount];
}

/** A post's record as the PDS stores it. */
interface PostRecord {
  uri: string;
  cid: string;
  value: { text: string; facets?: Array<{ features: Array<{ $type: string; uri?: string }> }> };
}

/**
 * The worker's app talks to a Mastodon server and a Bluesky PDS of its own. Its scheduler polls
 * fast; its channel upkeep (token renewal, then the figures of published posts) runs when it starts
 * and then hourly, so the posts' figures are first read when the app is restarted, after the likes.
 */
const test = base.extend<object, { networks: Networks }>({
  networks: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const mastodon = await startMastodonFakeProcess();
      const bluesky = await startBlueskyPds();
      try {
        const bakery = await bluesky.createAccount('bakery');
        const fans: Networks['fans'] = [await bluesky.createAccount('rye-fan'), await bluesky.createAccount('crumb-fan')];
        await use({ mastodon, bluesky, bakery, fans });
      } finally {
        await Promise.all([mastodon.close(), bluesky.close()]);
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  appEnv: [
    async ({ networks }, use) => {
      const appView = await startBlueskyAppViewFake(networks.bluesky.url);
      await use({
        ...networks.mastodon.env,
        CHANNEL_BLUESKY_SERVICE_URL: networks.bluesky.url,
        ...appView.env,
        JOB_POLL_MS: '200',
        CHANNEL_UPKEEP_MS: '3600000',
      });
      await appView.close();
    },
    { scope: 'worker' },
  ],
});

// The Schedule dialog takes the workspace's zone, which is the browser's until one is chosen.
test.use({ timezoneId: 'UTC' });

/** Calls the PDS's XRPC API, signed in as `account` for a write. */
async function xrpc<T>(
  bluesky: LocalBluesky,
  method: string,
  query: Record<string, string>,
  write?: { account: LocalBlueskyAccount; body: unknown },
) {
  const response = await fetch(`${bluesky.url}/xrpc/${method}${write ? '' : `?${new URLSearchParams(query)}`}`, {
    method: write ? 'POST' : 'GET',
    headers: write ? { 'content-type': 'application/json', authorization: `Bearer ${write.account.accessJwt}` } : {},
    body: write ? JSON.stringify(write.body) : undefined,
  });
  expect(response.status, `${method}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

/** A fan acting on bsky.app: a like or a repost of the post, a record in the fan's own repository. */
async function act(bluesky: LocalBluesky, fan: LocalBlueskyAccount, collection: string, post: PostRecord) {
  const record = { $type: collection, subject: { uri: post.uri, cid: post.cid }, createdAt: new Date().toISOString() };
  await xrpc(bluesky, 'com.atproto.repo.createRecord', {}, { account: fan, body: { repo: fan.did, collection, record } });
}

/** Schedules the card's post for `due` (a whole minute, UTC) through the Schedule… dialog. */
async function schedule(page: Page, card: Locator, due: Date) {
  await card.getByRole('button', { name: 'Schedule…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule' });
  await dialog.getByLabel('Date and time').fill(due.toISOString().slice(0, 16));
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Queued for /)).toBeVisible();
}

test('Mastodon and Bluesky accounts connected in Settings, a post scheduled to each, published there, and their likes in Analytics', async ({
  page,
  app,
  networks,
}) => {
  const { mastodon, bluesky, bakery, fans } = networks;
  const mastodonHandle = `@${mastodon.account.username}@${new URL(mastodon.url).host}`;
  await signUpViaApi(page, uniqueEmail('networks'), 'Nina Networks');

  // Mastodon: the server first, then the trip there; the fake's consent screen approves at once.
  await page.goto('/dashboard/settings');
  const channels = page.getByRole('region', { name: 'Connected channels' });
  await channels.getByRole('button', { name: 'Connect Mastodon' }).click();
  const mastodonForm = channels.getByRole('form', { name: 'Connect a Mastodon account' });
  await mastodonForm.getByLabel('Mastodon server').fill(mastodon.url);
  await mastodonForm.getByRole('button', { name: 'Continue to Mastodon' }).click();
  await expect(page.getByText('Mastodon channel connected.')).toBeVisible();
  const mastodonRow = channels.getByRole('listitem', { name: `Mastodon ${mastodonHandle}` });
  await expect(mastodonRow.getByText('Connected', { exact: true })).toBeVisible();

  // Bluesky: the handle and an app password made on the PDS, and the PDS as the server.
  await channels.getByRole('button', { name: 'Connect Bluesky' }).click();
  const blueskyForm = channels.getByRole('form', { name: 'Connect a Bluesky account' });
  await blueskyForm.getByLabel('Handle').fill(bakery.handle);
  await blueskyForm.getByLabel('App password').fill(bakery.appPassword);
  await blueskyForm.getByLabel('Server (leave empty for bsky.social)').fill(bluesky.url);
  await blueskyForm.getByRole('button', { name: 'Connect Bluesky account' }).click();
  await expect(page.getByText('Bluesky channel connected.')).toBeVisible();
  await expect(blueskyForm).toBeHidden();
  const blueskyRow = channels.getByRole('listitem', { name: `Bluesky ${bakery.handle}` });
  await expect(blueskyRow.getByText('Connected', { exact: true })).toBeVisible();
  await expect(mastodonRow.getByText('Connected', { exact: true })).toBeVisible();

  // One post per network, each going to the account just connected.
  const mastodonText = 'Rye loaves are back on Saturday. Come early!';
  const blueskyText = 'Rye loaves are back on Saturday: https://hookline.example/rye';
  const toMastodon = await createDraft(page, 'Post', 'Mastodon', mastodonText);
  await expect(toMastodon.getByText(`Posts to ${mastodonHandle}`)).toBeVisible();
  const toBluesky = await createDraft(page, 'Post', 'Bluesky', blueskyText);
  await expect(toBluesky.getByText(`Posts to ${bakery.handle}`)).toBeVisible();

  // Both at the next whole minute at least 15 s away (the field takes whole minutes).
  const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
  await schedule(page, toMastodon, due);
  await schedule(page, toBluesky, due);

  // Published by the scheduler at that minute. The list reloads only while a post is publishing,
  // so the page is reloaded once both went out.
  await expect
    .poll(
      async () => {
        const drafts = (await api(page, 'GET', '/api/drafts')) as TDraft[];
        return drafts.map(({ channel, status }) => `${channel} ${status}`).sort();
      },
      { timeout: due.getTime() - Date.now() + 30_000, intervals: [1000] },
    )
    .toEqual(['bluesky published', 'mastodon published']);
  await page.reload();
  await expect(toMastodon.getByText(/^Published \d/)).toBeVisible();
  await expect(toBluesky.getByText(/^Published \d/)).toBeVisible();
  const mastodonLink = await toMastodon.getByRole('link', { name: 'View the post on Mastodon' }).getAttribute('href');
  const blueskyLink = await toBluesky.getByRole('link', { name: 'View the post on Bluesky' }).getAttribute('href');
  const statusId = mastodonLink?.split('/').at(-1) ?? '';
  const rkey = blueskyLink?.split('/').at(-1) ?? '';
  expect(mastodonLink).toBe(`${mastodon.url}/@${mastodon.account.username}/${statusId}`);
  expect(blueskyLink).toBe(`https://bsky.app/profile/${bakery.handle}/post/${rkey}`);

  // The networks hold the posts: the status on Mastodon, the record (with its link facet) on the PDS.
  expect(await mastodon.status(statusId)).toMatchObject({ text: mastodonText, visibility: 'public' });
  const post = await xrpc<PostRecord>(bluesky, 'com.atproto.repo.getRecord', {
    repo: bakery.did,
    collection: 'app.bsky.feed.post',
    rkey,
  });
  expect(post.value.text).toBe(blueskyText);
  expect(post.value.facets?.flatMap((facet) => facet.features)).toEqual([
    { $type: 'app.bsky.richtext.facet#link', uri: 'https://hookline.example/rye' },
  ]);

  // People like and share them: three likes and a boost on Mastodon, two likes and a repost on Bluesky.
  await mastodon.like(statusId, 3);
  await mastodon.boost(statusId, 1);
  await act(bluesky, fans[0], 'app.bsky.feed.like', post);
  await act(bluesky, fans[1], 'app.bsky.feed.like', post);
  await act(bluesky, fans[0], 'app.bsky.feed.repost', post);

  // The restarted app's first upkeep pass reads the posts' figures for the first time.
  await app.restart();
  await page.reload();
  const mastodonFigures = toMastodon.getByRole('list', { name: 'The post on Mastodon' });
  await expect(mastodonFigures.getByRole('listitem')).toHaveText(['3 likes', '0 comments', '1 repost']);
  await expect(toBluesky.getByRole('list', { name: 'The post on Bluesky' }).getByRole('listitem')).toHaveText([
    '2 likes',
    '0 comments',
    '1 repost',
  ]);

  // Analytics ranks the two posts by those figures. Neither network reports views, so reach and the
  // engagement rate (engagements per view) stay marked as samples.
  await page.locator('#sidebar').getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByText('Sample data', { exact: true })).toHaveCount(1);
  const figures = page.getByRole('list', { name: 'Publishing figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Posts published' })).toContainText('2');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Active channels' })).toContainText('2');
  const topPosts = page.getByRole('list', { name: 'Top posts' }).getByRole('listitem');
  await expect(topPosts).toHaveCount(2);
  await expect(topPosts.nth(0)).toContainText('Mastodon');
  await expect(topPosts.nth(0)).toContainText('4 engagements');
  await expect(topPosts.nth(0)).toContainText(mastodonText);
  await expect(topPosts.nth(1)).toContainText('Bluesky');
  await expect(topPosts.nth(1)).toContainText('3 engagements');
  await expect(topPosts.getByText('Sample', { exact: true })).toHaveCount(0);
  const audience = page.getByRole('list', { name: 'Audience metrics (sample data)' }).getByRole('listitem');
  await expect(audience.filter({ hasText: 'Total reach' }).getByText('Sample', { exact: true })).toBeVisible();
});
