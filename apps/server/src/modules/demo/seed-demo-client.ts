import {
  PUBLISHED_IN_HOOKLINE,
  WORKSPACE_HEADER,
  type TClientRequest,
  type TDraft,
  type TDraftChannel,
  type TDraftType,
} from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { DEMO_ACCOUNT_ID } from '../social/list-social-connections.ts';
import type { DemoApi } from './demo-api.ts';

export const DEMO_CLIENT = { email: 'client@demo.hookline.test', password: 'hookline-demo', name: 'Casey Client' };
export const DEMO_WORKSPACE_NAME = 'Demo Studio';
/** Days of published history: the Analytics period. */
export const DEMO_HISTORY_DAYS = 30;
/**
 * How long the seeded "Publish now" stays publishing (1.2 s in the product): long enough to sign in
 * and watch it turn published.
 */
export const DEMO_PUBLISHING_MS = 10 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const POSTS: Array<{ channel: TDraftChannel; type: TDraftType; text: string }> = [
  { channel: 'instagram', type: 'reel', text: '3 hooks that doubled our watch time (save this for your next reel)' },
  { channel: 'linkedin', type: 'post', text: 'What we learned shipping a post a day for a month without burning out' },
  { channel: 'youtube', type: 'video', text: 'Full breakdown: our content system from idea to publish' },
  { channel: 'twitter', type: 'thread', text: 'A thread on turning one long video into ten short ones' },
  { channel: 'instagram', type: 'post', text: 'Behind the scenes of this week’s shoot' },
  { channel: 'linkedin', type: 'post', text: 'Our client doubled bookings in six weeks. Here is the exact calendar we used.' },
  { channel: 'twitter', type: 'post', text: 'Hot take: your first three seconds matter more than your thumbnail.' },
  { channel: 'instagram', type: 'reel', text: 'Before and after: the same tutorial, edited for retention' },
  { channel: 'youtube', type: 'video', text: 'We tested 5 posting times for 30 days. The results surprised us.' },
  { channel: 'linkedin', type: 'post', text: 'Three questions to ask before you hire a content agency' },
];
const QUEUED = [
  { channel: 'instagram', type: 'reel', text: 'Monday motivation: the 10-minute edit that saves our week' },
  { channel: 'linkedin', type: 'post', text: 'Case study: from zero to 10k newsletter subscribers' },
  { channel: 'twitter', type: 'thread', text: '7 tools we use every day (and the 3 we dropped)' },
] as const;
const DRAFTS = [
  { channel: 'youtube', type: 'video', text: 'Draft: Q&A episode script, intro and first three questions' },
  { channel: 'linkedin', type: 'post', text: '' },
] as const;
/** Prepared by the manager: one waits for the client's review, one came back with changes asked for. */
const IN_REVIEW = { channel: 'instagram', type: 'reel', text: 'Spring launch teaser: 15 seconds of the new studio, music on' } as const;
const SENT_BACK = { channel: 'instagram', type: 'post', text: 'Carousel idea: five myths about posting every day' } as const;
const SENT_BACK_COMMENT = 'Love it. Can the first slide ask a question instead? Our audience answers those.';
const BRIEF = {
  type: 'content_brief',
  subject: 'Three posts for the spring launch',
  description: 'We open the new studio on the 14th. One teaser, one behind-the-scenes, one launch-day post, please.',
} as const;
const PUBLISHING = { channel: 'instagram', type: 'reel', text: 'New this week: our studio tour in 30 seconds' } as const;
/** Due three hours before the demo started: the workspace holds posts more than an hour late, so it is held. */
const OVERDUE = { channel: 'linkedin', type: 'post', text: 'Webinar reminder: doors open in one hour' } as const;
const HOLD_LATE_MINUTES = 60;

/**
 * The demo's client: client@demo.hookline.test signs up (its workspace comes with the account), its
 * address counts as proven, staff manage the workspace, and its dashboard gets its own data: a
 * month of published posts, queued posts in weekday slots, drafts, one post publishing, one held
 * (it fell due while nothing ran), and a connected demo channel.
 * Made through the real API, then dated back: the API only knows "now".
 */
export async function seedDemoClient(
  api: DemoApi,
  db: Db,
  staffCookie: string,
  manager: { email: string; password: string },
  rnd: () => number,
): Promise<void> {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();

  await api.signUp(DEMO_CLIENT);
  const user = await db.selectFrom('user').select('id').where('email', '=', DEMO_CLIENT.email).executeTakeFirstOrThrow();
  const workspace = await db.selectFrom('workspace').select('id').where('ownerEmail', '=', DEMO_CLIENT.email).executeTakeFirstOrThrow();
  // The demo's address cannot receive the verification mail; the seed vouches for it.
  await db.updateTable('user').set({ emailVerified: 1 }).where('id', '=', user.id).execute();
  await db
    .updateTable('workspace')
    .set({ name: DEMO_WORKSPACE_NAME, ownerUserId: user.id, createdAt: ago(45 * DAY_MS) })
    .where('id', '=', workspace.id)
    .execute();
  await api.call('PATCH', `/api/admin/clients/${workspace.id}`, { plan: 'managed', planMonthlyUsd: 2500 }, { cookie: staffCookie });
  await api.call('POST', `/api/admin/clients/${workspace.id}/manager`, { email: manager.email }, { cookie: staffCookie });

  const cookie = await api.signIn(DEMO_CLIENT);
  const create = async (draft: { channel: string; type: string; text: string }) =>
    (await api.call('POST', '/api/drafts', draft, { cookie })).json() as TDraft;
  // The workspace is on the managed plan, which asks for approval before anything is published.
  const approve = async (id: string) => {
    await api.call('POST', `/api/drafts/${id}/review`, undefined, { cookie });
    await api.call('POST', `/api/drafts/${id}/approve`, undefined, { cookie });
  };
  const managerCookie = await api.signIn(manager);
  const asManager = { cookie: managerCookie, headers: { [WORKSPACE_HEADER]: workspace.id } };

  // One to three posts a day for a month, at varied hours, each published through the API and then
  // dated back (whether its publish job ran yet or not, the dates below are the ones that stay).
  const history: Array<{ id: string; publishedAt: string; createdAt: string }> = [];
  for (let day = 0; day < DEMO_HISTORY_DAYS; day += 1) {
    const count = 1 + Math.floor(rnd() * 3);
    for (let i = 0; i < count; i += 1) {
      const draft = await create(POSTS[Math.floor(rnd() * POSTS.length)]);
      await approve(draft.id);
      await api.call('POST', `/api/drafts/${draft.id}/publish`, undefined, { cookie });
      const publishedMs = now - day * DAY_MS - (0.05 + rnd() * 0.9) * DAY_MS;
      history.push({
        id: draft.id,
        publishedAt: new Date(publishedMs).toISOString(),
        createdAt: new Date(publishedMs - (2 + rnd() * 46) * HOUR_MS).toISOString(),
      });
    }
  }
  for (const post of history) {
    await db
      .updateTable('draft')
      .set({
        status: 'published',
        publishedAt: post.publishedAt,
        scheduledAt: post.publishedAt,
        publishedTo: PUBLISHED_IN_HOOKLINE,
        lateSeconds: 0,
        publishLease: null,
        leaseUntil: null,
        createdAt: post.createdAt,
        updatedAt: post.publishedAt,
      })
      .where('id', '=', post.id)
      .execute();
  }

  // Weekday slots at 09:00 and 12:30 (UTC: the demo workspace has no zone of its own): Queue fills them.
  const slots = [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, time: '09:00' },
    { weekday, time: '12:30' },
  ]);
  await api.call('PUT', '/api/workspace/posting-slots', { slots }, { cookie });
  for (const post of QUEUED) {
    const draft = await create(post);
    await approve(draft.id);
    await api.call('POST', `/api/drafts/${draft.id}/queue`, undefined, { cookie });
  }
  for (const draft of DRAFTS) await create(draft);

  // The review loop: the client's brief, the manager's reply and drafts, the client's answer.
  const brief = (await api.call('POST', '/api/requests', BRIEF, { cookie })).json() as TClientRequest;
  const reply = { text: 'Thanks! The teaser is ready for your review in Content; the other two follow this week.' };
  await api.call('POST', `/api/admin/requests/${brief.id}/replies`, reply, { cookie: managerCookie });
  const teaser = (await api.call('POST', `/api/admin/requests/${brief.id}/drafts`, IN_REVIEW, { cookie: managerCookie })).json() as TDraft;
  await api.call('POST', `/api/drafts/${teaser.id}/review`, undefined, asManager);
  const sentBack = (await api.call('POST', '/api/drafts', SENT_BACK, asManager)).json() as TDraft;
  await api.call('POST', `/api/drafts/${sentBack.id}/review`, undefined, asManager);
  await api.call('POST', `/api/drafts/${sentBack.id}/request-changes`, { comment: SENT_BACK_COMMENT }, { cookie });
  await api.call('POST', `/api/drafts/${sentBack.id}/comments`, { text: 'On it: new first slide by Thursday.' }, asManager);

  // Fell due while nothing ran: the scheduler's first pass holds it for the client to decide.
  await api.call('PATCH', '/api/workspace', { holdLateMinutes: HOLD_LATE_MINUTES }, { cookie });
  const overdue = await create(OVERDUE);
  await approve(overdue.id);
  await api.call('POST', `/api/drafts/${overdue.id}/queue`, undefined, { cookie });
  await db
    .updateTable('draft')
    .set({ scheduledAt: new Date(now - 3 * HOUR_MS).toISOString() })
    .where('id', '=', overdue.id)
    .execute();

  // Being published, as if a runner had claimed it: the scheduler takes it over DEMO_PUBLISHING_MS later.
  const publishing = await create(PUBLISHING);
  await db
    .updateTable('draft')
    .set({
      status: 'publishing',
      reviewState: 'approved',
      scheduledAt: new Date(now).toISOString(),
      publishLease: 'demo',
      leaseUntil: new Date(now + DEMO_PUBLISHING_MS).toISOString(),
      updatedAt: new Date(now).toISOString(),
    })
    .where('id', '=', publishing.id)
    .execute();

  // No provider account is behind it, so it holds no tokens; the dashboard marks it "Demo".
  await db
    .insertInto('socialConnection')
    .values({
      id: newId(),
      workspaceId: workspace.id,
      provider: 'google',
      accountId: DEMO_ACCOUNT_ID,
      handle: '@demostudio',
      accessToken: '',
      refreshToken: null,
      expiresAt: null,
      scope: null,
      status: 'connected',
      lastError: null,
      createdAt: ago(40 * DAY_MS),
      updatedAt: ago(40 * DAY_MS),
    })
    .execute();
}
