import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MAX_POSTS, ZAdminCalendarPost, type TDraftChannel } from '@hookline/shared';
import { createAdminTestApp, signUpAs, type AdminTestApp, type ApiCaller } from '../support/admin.ts';
import { addTeammate, sendInWorkspace } from '../support/workspace-caller.ts';

/**
 * The calendars: a workspace's posts with a time (queued, publishing, published, failed, held) in a
 * range, for whoever may read its drafts; and the agency calendar across the clients a staff member
 * sees (a manager: their assigned ones; admins and founders: all).
 */

const FROM = '2030-03-01T00:00:00.000Z';
const TO = '2030-04-01T00:00:00.000Z';
const range = (from = FROM, to = TO) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
const CLIENT_NOT_FOUND = { error: 'Client not found' };

describe('calendar', () => {
  let a: AdminTestApp;
  let teammate: ApiCaller;
  let otherClient: ApiCaller;
  let unassigned: ApiCaller;
  /** The plain client's workspace (the manager is assigned to it) and another client's. */
  let mine: string;
  let theirs: string;
  let seq = 0;
  /** Posts by name, as the suite inserted them. */
  const ids: Record<string, string> = {};

  const workspaceOf = async (caller: ApiCaller) => {
    const response = await caller.get('/api/workspace');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().id as string;
  };
  /** A draft as the scheduler leaves it, inserted directly: the calendar only reads. */
  const post = async (
    name: string,
    workspaceId: string,
    fields: { status: string; scheduledAt?: string | null; publishedAt?: string | null; channel?: TDraftChannel },
  ) => {
    seq += 1;
    const id = `cal-${String(seq).padStart(3, '0')}`;
    await a.t.db
      .insertInto('draft')
      .values({
        id,
        workspaceId,
        channel: fields.channel ?? 'instagram',
        type: 'post',
        text: `${name} text`,
        status: fields.status,
        scheduledAt: fields.scheduledAt ?? null,
        publishedAt: fields.publishedAt ?? null,
        mediaKey: null,
        mediaType: null,
        mediaName: null,
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    ids[name] = id;
  };
  const namesOf = (posts: { id: string }[]) => posts.map((p) => Object.keys(ids).find((name) => ids[name] === p.id)).sort();
  const calendar = (caller: ApiCaller, query = range(), workspace: string | null = null) =>
    sendInWorkspace(a.t, workspace, caller, 'GET', `/api/calendar?${query}`);
  const adminCalendar = (caller: ApiCaller, query = range()) => caller.get(`/api/admin/calendar?${query}`);

  beforeAll(async () => {
    a = await createAdminTestApp();
    otherClient = await signUpAs(a.t, 'other@calendar.test');
    teammate = await addTeammate(a.t, (mine = await workspaceOf(a.client)), await signUpAs(a.t, 'mate@calendar.test'), 'editor');
    unassigned = await signUpAs(a.t, 'unassigned@calendar.test', 'manager');
    theirs = await workspaceOf(otherClient);
    expect((await a.founder.post(`/api/admin/clients/${mine}/manager`, { email: a.manager.email })).statusCode).toBe(200);
    await a.t.db.updateTable('workspace').set({ name: 'Mine Co' }).where('id', '=', mine).execute();
    await a.t.db.updateTable('workspace').set({ name: 'Theirs Co' }).where('id', '=', theirs).execute();

    // In range, by scheduled time: one of each calendar status; the first at the range's start.
    await post('queued', mine, { status: 'queued', scheduledAt: FROM });
    await post('publishing', mine, { status: 'publishing', scheduledAt: '2030-03-10T09:00:00.000Z' });
    await post('failed', mine, { status: 'failed', scheduledAt: '2030-03-11T09:00:00.000Z', channel: 'twitter' });
    await post('held', mine, { status: 'held', scheduledAt: '2030-03-12T09:00:00.000Z' });
    // Published in range, though planned for before it: found by its published time.
    await post('published late', mine, {
      status: 'published',
      scheduledAt: '2030-02-28T23:00:00.000Z',
      publishedAt: '2030-03-01T00:30:00.000Z',
    });
    // Not shown: a plain draft, outside the range (the end is excluded), another client's.
    await post('draft', mine, { status: 'draft', scheduledAt: '2030-03-05T09:00:00.000Z' });
    await post('at the end', mine, { status: 'queued', scheduledAt: TO });
    await post('before', mine, { status: 'published', scheduledAt: '2030-02-01T09:00:00.000Z', publishedAt: '2030-02-01T09:00:00.000Z' });
    await post('theirs', theirs, { status: 'queued', scheduledAt: '2030-03-15T09:00:00.000Z', channel: 'linkedin' });
  });
  afterAll(() => a.t.close());

  describe('GET /api/calendar', () => {
    it("answers the workspace's posts with a time in [from, to), and its zone", async () => {
      const response = await calendar(a.client);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.timeZone).toBeNull();
      expect(body.truncated).toBe(false);
      expect(namesOf(body.posts)).toEqual(['failed', 'held', 'published late', 'publishing', 'queued']);
      expect(body.posts.find((p: { id: string }) => p.id === ids.failed)).toMatchObject({
        channel: 'twitter',
        status: 'failed',
        scheduledAt: '2030-03-11T09:00:00.000Z',
        text: 'failed text',
      });

      await a.t.db.updateTable('workspace').set({ timeZone: 'Europe/Berlin' }).where('id', '=', mine).execute();
      expect((await calendar(a.client)).json().timeZone).toBe('Europe/Berlin');
      await a.t.db.updateTable('workspace').set({ timeZone: null }).where('id', '=', mine).execute();
    });

    it('takes the bounds with any offset: the same instants give the same posts', async () => {
      // 01:00 on March 1 in +01:00 is midnight UTC: "queued" at FROM is in, and "at the end" still out.
      const response = await calendar(a.client, range('2030-03-01T01:00:00+01:00', '2030-04-01T02:00:00+02:00'));
      expect(response.statusCode, response.body).toBe(200);
      expect(namesOf(response.json().posts)).toEqual(['failed', 'held', 'published late', 'publishing', 'queued']);
      // A narrower range: only the first day.
      const firstDay = await calendar(a.client, range(FROM, '2030-03-02T00:00:00Z'));
      expect(namesOf(firstDay.json().posts)).toEqual(['published late', 'queued']);
    });

    it('filters by channel', async () => {
      const response = await calendar(a.client, `${range()}&channel=twitter`);
      expect(response.statusCode, response.body).toBe(200);
      expect(namesOf(response.json().posts)).toEqual(['failed']);
      expect((await calendar(a.client, `${range()}&channel=myspace`)).statusCode).toBe(400);
    });

    it('is for whoever may read the drafts: owner, teammate, assigned staff; the rest are refused', async () => {
      const expected = ['failed', 'held', 'published late', 'publishing', 'queued'];
      for (const [who, caller, workspace] of [
        ['owner naming it', a.client, mine],
        ['teammate naming it', teammate, mine],
        ['assigned manager', a.manager, mine],
        ['admin', a.admin, mine],
        ['founder', a.founder, mine],
      ] as const) {
        const response = await calendar(caller, range(), workspace);
        expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
        expect(namesOf(response.json().posts), who).toEqual(expected);
      }
      // Another client sees their own calendar without the header, and nothing of this one with it.
      expect(namesOf((await calendar(otherClient)).json().posts)).toEqual(['theirs']);
      const named = await calendar(otherClient, range(), mine);
      expect(named.statusCode).toBe(404);
      expect(named.json()).toEqual({ error: 'Workspace not found' });
      const notAssigned = await calendar(unassigned, range(), mine);
      expect(notAssigned.statusCode).toBe(403);
      expect(notAssigned.json()).toEqual({ error: 'You are not assigned to this client.' });
      // Staff have no workspace of their own.
      expect((await calendar(a.admin)).statusCode).toBe(403);
      const anonymous = await calendar(a.anonymous);
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses a missing, malformed, backwards or too long range with a 400 naming the field', async () => {
      const cases: Array<[string, string]> = [
        [`to=${encodeURIComponent(TO)}`, 'from: from must be an ISO 8601 date-time with an offset, such as 2026-03-01T00:00:00Z'],
        ['from=2030-03-01&to=2030-03-02', 'from: from must be an ISO 8601 date-time with an offset, such as 2026-03-01T00:00:00Z'],
        ['from=2030-03-01T00:00:00Z&to=yesterday', 'to: to must be an ISO 8601 date-time with an offset, such as 2026-03-01T00:00:00Z'],
        [range(TO, FROM), 'to: to must be later than from'],
        [range(FROM, FROM), 'to: to must be later than from'],
        [range(FROM, '2030-05-02T00:00:01Z'), 'to: from and to may be at most 62 days apart'],
      ];
      for (const [query, error] of cases) {
        const response = await calendar(a.client, query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toEqual({ error });
      }
      // Exactly 62 days is allowed.
      expect((await calendar(a.client, range(FROM, '2030-05-02T00:00:00Z'))).statusCode).toBe(200);
    });
  });

  describe('GET /api/admin/calendar', () => {
    it("admins and founders see every client's posts, each naming its client", async () => {
      for (const staff of [a.admin, a.founder]) {
        const response = await adminCalendar(staff);
        expect(response.statusCode, response.body).toBe(200);
        const { posts, truncated } = response.json();
        expect(truncated).toBe(false);
        expect(namesOf(posts), staff.email).toEqual(['failed', 'held', 'published late', 'publishing', 'queued', 'theirs']);
        expect(posts.find((p: { id: string }) => p.id === ids.theirs)).toMatchObject({
          workspaceId: theirs,
          workspaceName: 'Theirs Co',
          channel: 'linkedin',
          status: 'queued',
        });
        expect(posts.find((p: { id: string }) => p.id === ids.held)).toMatchObject({ workspaceId: mine, workspaceName: 'Mine Co' });
        // What the chip and the details dialog show, and nothing only the workspace's pages use.
        for (const post of posts) expect(Object.keys(post).sort()).toEqual(Object.keys(ZAdminCalendarPost.shape).sort());
      }
    });

    it('filters by client and by channel', async () => {
      expect(namesOf((await adminCalendar(a.admin, `${range()}&clientId=${theirs}`)).json().posts)).toEqual(['theirs']);
      expect(namesOf((await adminCalendar(a.admin, `${range()}&channel=linkedin`)).json().posts)).toEqual(['theirs']);
      expect(namesOf((await adminCalendar(a.admin, `${range()}&clientId=${mine}&channel=linkedin`)).json().posts)).toEqual([]);
      const unknown = await adminCalendar(a.admin, `${range()}&clientId=no-such-client`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(CLIENT_NOT_FOUND);
    });

    it('holds only the assigned clients for a manager; another client is "not found"', async () => {
      const assigned = await adminCalendar(a.manager);
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(namesOf(assigned.json().posts)).toEqual(['failed', 'held', 'published late', 'publishing', 'queued']);
      expect(namesOf((await adminCalendar(a.manager, `${range()}&clientId=${mine}`)).json().posts)).toHaveLength(5);
      const other = await adminCalendar(a.manager, `${range()}&clientId=${theirs}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(CLIENT_NOT_FOUND);

      const none = await adminCalendar(unassigned);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ posts: [], truncated: false });
      expect((await adminCalendar(unassigned, `${range()}&clientId=${mine}`)).json()).toEqual(CLIENT_NOT_FOUND);
    });

    it('is staff only: 401 signed out, 403 to clients and teammates', async () => {
      expect((await adminCalendar(a.anonymous)).statusCode).toBe(401);
      for (const caller of [a.client, teammate, otherClient]) {
        const response = await adminCalendar(caller);
        expect(response.statusCode, caller.email).toBe(403);
        expect(response.json()).toEqual({ error: 'This area is for Hookline staff only.' });
      }
    });

    it('refuses a too long range and an empty clientId with a 400', async () => {
      const long = await adminCalendar(a.admin, range(FROM, '2030-06-01T00:00:00Z'));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ error: 'to: from and to may be at most 62 days apart' });
      const empty = await adminCalendar(a.admin, `${range()}&clientId=`);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ error: 'clientId: clientId must not be empty' });
    });
  });

  it(`answers at most ${CALENDAR_MAX_POSTS} posts, earliest first, and says when more were left out`, async () => {
    const day = '2030-07-01T09:00:00.000Z';
    const many = Array.from({ length: CALENDAR_MAX_POSTS + 1 }, (_, index) => ({
      id: `many-${String(index).padStart(5, '0')}`,
      workspaceId: theirs,
      channel: 'youtube',
      type: 'post',
      text: 'Many',
      status: 'queued',
      scheduledAt: new Date(Date.parse(day) + index * 60_000).toISOString(),
      publishedAt: null,
      mediaKey: null,
      mediaType: null,
      mediaName: null,
      createdAt: day,
      updatedAt: day,
    }));
    for (let start = 0; start < many.length; start += 500) {
      await a.t.db
        .insertInto('draft')
        .values(many.slice(start, start + 500))
        .execute();
    }
    const query = range('2030-07-01T00:00:00Z', '2030-08-01T00:00:00Z');
    const own = (await calendar(otherClient, query)).json();
    expect(own.posts).toHaveLength(CALENDAR_MAX_POSTS);
    expect(own.truncated).toBe(true);
    expect(own.posts[0].id).toBe('many-00000');
    expect(own.posts.at(-1).id).toBe(`many-${String(CALENDAR_MAX_POSTS - 1).padStart(5, '0')}`);
    const agency = (await adminCalendar(a.admin, `${query}&channel=youtube`)).json();
    expect(agency.posts).toHaveLength(CALENDAR_MAX_POSTS);
    expect(agency.truncated).toBe(true);
    // One fewer fits exactly.
    await a.t.db.deleteFrom('draft').where('id', '=', many.at(-1)!.id).execute();
    expect((await calendar(otherClient, query)).json().truncated).toBe(false);
  });
});
