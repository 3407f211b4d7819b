import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDraft, TPostingSlot } from '@hookline/shared';
import { findNextPostingTime } from '../../src/modules/posting-slots/find-next-posting-time.ts';
import { apiCaller, signUpAs, type ApiCaller, type HttpMethod } from '../support/admin.ts';
import { createTestApp, signUp, type TestApp } from '../support/test-app.ts';
import { addTeammate, clientTimeline, sendInWorkspace } from '../support/workspace-caller.ts';

/**
 * Weekly posting slots: who reads and replaces them (anyone in the workspace reads; the owner and
 * staff on the client replace, staff on the client's timeline), what bad input is told, and where
 * the next free slot for a draft's channel is, on the real database.
 */

const OWNER = 'owner@slots.test';
const MANAGER = 'manager@slots.test';
const URL = '/api/workspace/posting-slots';

describe('posting slots', () => {
  let t: TestApp;
  let workspaceId: string;
  let owner: ApiCaller;
  let editor: ApiCaller;
  let manager: ApiCaller;
  let otherClient: ApiCaller;

  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown) =>
    sendInWorkspace(t, workspaceId, caller, method, url, body);
  const ok = async (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown, status = 200) => {
    const response = await send(caller, method, url, body);
    expect(response.statusCode, `${caller.email} ${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
  const saveSlots = (slots: TPostingSlot[]) => ok(owner, 'PUT', URL, { slots });
  /** A draft of the workspace on a channel, put into a status at a time directly (as Queue or the scheduler would). */
  const draftAt = async (channel: TDraft['channel'], status: string, scheduledAt: string | null): Promise<string> => {
    const draft: TDraft = await ok(owner, 'POST', '/api/drafts', { type: 'post', channel, text: `A ${channel} post` }, 201);
    await t.db.updateTable('draft').set({ status, scheduledAt }).where('id', '=', draft.id).execute();
    return draft.id;
  };
  const next = async (channel: string, draftId: string, after: string, timeZone: string | null = 'Europe/Berlin') => {
    const found = await findNextPostingTime(t.db, { workspaceId, timeZone, channel, draftId, after: new Date(after) });
    return { at: found.at.toISOString(), slot: found.slot };
  };

  beforeAll(async () => {
    t = await createTestApp({ FOUNDER_EMAIL: 'founder@slots.test', SIGNIN_RATE_LIMIT: '100000', RUN_JOBS: 'false' });
    const signed = await signUp(t.app, { email: OWNER });
    owner = apiCaller(t, { cookie: signed.cookie, email: OWNER, userId: signed.user.id });
    workspaceId = (await owner.get('/api/workspace')).json().id;
    editor = await addTeammate(t, workspaceId, await signUpAs(t, 'editor@slots.test'), 'editor');
    manager = await signUpAs(t, MANAGER, 'manager');
    otherClient = await signUpAs(t, 'other@slots.test');
    const founder = await signUpAs(t, 'founder@slots.test');
    expect((await founder.post(`/api/admin/clients/${workspaceId}/manager`, { email: MANAGER })).statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('the owner saves the week: sorted by weekday then time, duplicates once, in the workspace zone (UTC without one)', async () => {
    expect(await ok(owner, 'GET', URL)).toEqual({ timeZone: 'UTC', slots: [] });
    const saved = await saveSlots([
      { weekday: 5, time: '17:30' },
      { weekday: 1, time: '09:00' },
      { weekday: 5, time: '08:15' },
      { weekday: 1, time: '09:00' },
    ]);
    const week = [
      { weekday: 1, time: '09:00' },
      { weekday: 5, time: '08:15' },
      { weekday: 5, time: '17:30' },
    ];
    expect(saved).toEqual({ timeZone: 'UTC', slots: week });
    await ok(owner, 'PATCH', '/api/workspace', { timeZone: 'Europe/Berlin' });
    expect(await ok(owner, 'GET', URL)).toEqual({ timeZone: 'Europe/Berlin', slots: week });
    // The owner's own change is theirs to know: no line on the timeline.
    expect((await clientTimeline(t.db, workspaceId)).filter((line) => line.text.startsWith('Posting slots'))).toEqual([]);

    // A save replaces them all; an empty list clears them.
    expect((await saveSlots([{ weekday: 7, time: '10:00' }])).slots).toEqual([{ weekday: 7, time: '10:00' }]);
    expect((await saveSlots([])).slots).toEqual([]);
    expect(await t.db.selectFrom('postingSlot').select('id').where('workspaceId', '=', workspaceId).execute()).toEqual([]);
  });

  it('a teammate reads the slots but may not change them; another client cannot even see the workspace', async () => {
    await saveSlots([{ weekday: 2, time: '12:00' }]);
    expect((await ok(editor, 'GET', URL)).slots).toEqual([{ weekday: 2, time: '12:00' }]);
    const refused = await send(editor, 'PUT', URL, { slots: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only the workspace owner or Hookline staff can change posting slots.');

    for (const method of ['GET', 'PUT'] as const) {
      const hidden = await send(otherClient, method, URL, method === 'PUT' ? { slots: [] } : undefined);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error).toBe('Workspace not found');
    }
    // Without the header the other client gets their own, empty week.
    expect((await sendInWorkspace(t, null, otherClient, 'GET', URL)).json()).toEqual({ timeZone: 'UTC', slots: [] });
    expect((await ok(owner, 'GET', URL)).slots).toEqual([{ weekday: 2, time: '12:00' }]);
  });

  it("staff on an assigned client change the slots, and the change goes on the client's timeline", async () => {
    const saved = await ok(manager, 'PUT', URL, {
      slots: [
        { weekday: 3, time: '07:45' },
        { weekday: 4, time: '18:00' },
      ],
    });
    expect(saved.slots).toEqual([
      { weekday: 3, time: '07:45' },
      { weekday: 4, time: '18:00' },
    ]);
    expect(await clientTimeline(t.db, workspaceId)).toContainEqual({ text: 'Posting slots changed (2 a week)', who: MANAGER });
  });

  it('bad input is a 400 that says what is wrong, and leaves the slots as they were', async () => {
    const before = await ok(owner, 'GET', URL);
    const cases: Array<[unknown, RegExp]> = [
      [{ slots: [{ weekday: 8, time: '09:00' }] }, /weekday must be 1 \(Monday\) to 7 \(Sunday\)/],
      [{ slots: [{ weekday: 1, time: '24:00' }] }, /time must be HH:MM on a 24-hour clock, such as 09:30/],
      [{ slots: [{ weekday: 1, time: '9:00' }] }, /time must be HH:MM/],
      [{ slots: Array.from({ length: 101 }, (_, i) => ({ weekday: (i % 7) + 1, time: '09:00' })) }, /at most 100 posting slots/],
      [{}, /slots/],
    ];
    for (const [body, message] of cases) {
      const response = await send(owner, 'PUT', URL, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    const badHeader = await sendInWorkspace(t, 'not-a-workspace', owner, 'GET', URL);
    expect(badHeader.statusCode).toBe(400);
    expect(await ok(owner, 'GET', URL)).toEqual(before);
  });

  it('the next posting time: consecutive free slots per channel, shared across channels, never blocked by the draft itself', async () => {
    // Berlin: Monday and Wednesday 09:00. From Saturday 2026-03-21 the slots are Mon 23, Wed 25, Mon 30 (after the
    // change to summer time, still 09:00 on the wall clock).
    await saveSlots([
      { weekday: 1, time: '09:00' },
      { weekday: 3, time: '09:00' },
    ]);
    const after = '2026-03-21T12:00:00.000Z';
    const monday = '2026-03-23T08:00:00.000Z';
    const wednesday = '2026-03-25T08:00:00.000Z';
    const nextMonday = '2026-03-30T07:00:00.000Z';

    const first = await draftAt('instagram', 'draft', null);
    expect(await next('instagram', first, after)).toEqual({ at: monday, slot: true });
    await t.db.updateTable('draft').set({ status: 'queued', scheduledAt: monday }).where('id', '=', first).execute();
    // Re-queueing the same draft finds its own slot free again.
    expect(await next('instagram', first, after)).toEqual({ at: monday, slot: true });

    const second = await draftAt('instagram', 'draft', null);
    expect(await next('instagram', second, after)).toEqual({ at: wednesday, slot: true });
    await t.db.updateTable('draft').set({ status: 'queued', scheduledAt: wednesday }).where('id', '=', second).execute();
    const third = await draftAt('instagram', 'draft', null);
    expect(await next('instagram', third, after)).toEqual({ at: nextMonday, slot: true });

    // Another channel has the whole week to itself.
    const tweet = await draftAt('twitter', 'draft', null);
    expect(await next('twitter', tweet, after)).toEqual({ at: monday, slot: true });

    // Publishing and held posts keep their slot; published, failed and plain drafts do not.
    await draftAt('linkedin', 'publishing', monday);
    await draftAt('linkedin', 'held', wednesday);
    await draftAt('linkedin', 'published', nextMonday);
    await draftAt('linkedin', 'failed', nextMonday);
    expect(await next('linkedin', tweet, after)).toEqual({ at: nextMonday, slot: true });

    // Strictly after: from Monday 09:00 itself, the next is Wednesday.
    expect(await next('twitter', tweet, monday)).toEqual({ at: wednesday, slot: true });
    // The same slots read in another zone are other instants: without a zone, UTC.
    expect(await next('twitter', tweet, after, null)).toEqual({ at: '2026-03-23T09:00:00.000Z', slot: true });
  });

  it('without slots, or with every slot of the year taken, the next posting time is one hour ahead', async () => {
    const draft = await draftAt('youtube', 'draft', null);
    const after = '2026-05-04T10:00:00.000Z';
    await saveSlots([]);
    expect(await next('youtube', draft, after)).toEqual({ at: '2026-05-04T11:00:00.000Z', slot: false });

    // One slot a week, Tuesdays 06:00 UTC, and a queued video in each of the 53 in the 366 days ahead.
    await saveSlots([{ weekday: 2, time: '06:00' }]);
    const tuesdays = Array.from({ length: 53 }, (_, week) => new Date(Date.UTC(2026, 4, 5 + 7 * week, 6)).toISOString());
    for (const at of tuesdays) await draftAt('youtube', 'queued', at);
    expect(await next('youtube', draft, after, 'UTC')).toEqual({ at: '2026-05-04T11:00:00.000Z', slot: false });
  });

  it.each([
    // Spring forward: 02:30 does not exist that Sunday and moves on by the gap; Monday is summer time.
    ['Europe/Berlin', '2026-03-28T12:00:00Z', '02:30', ['2026-03-29T01:30:00.000Z', '2026-03-30T07:00:00.000Z']],
    // Fall back: 02:30 happens twice; the first (summer time) counts; Monday is winter time.
    ['Europe/Berlin', '2026-10-24T12:00:00Z', '02:30', ['2026-10-25T00:30:00.000Z', '2026-10-26T08:00:00.000Z']],
    ['America/New_York', '2026-03-07T12:00:00Z', '02:30', ['2026-03-08T07:30:00.000Z', '2026-03-09T13:00:00.000Z']],
    ['America/New_York', '2026-10-31T12:00:00Z', '01:30', ['2026-11-01T05:30:00.000Z', '2026-11-02T14:00:00.000Z']],
  ] as const)(
    'Queue in %s on %s takes the Sunday %s and the Monday 09:00 slots at their wall-clock times',
    async (zone, now, sunday, expected) => {
      await ok(owner, 'PATCH', '/api/workspace', { timeZone: zone });
      await saveSlots([
        { weekday: 7, time: sunday },
        { weekday: 1, time: '09:00' },
      ]);
      const drafts: TDraft[] = [];
      for (let i = 0; i < 2; i += 1)
        drafts.push(await ok(owner, 'POST', '/api/drafts', { type: 'post', channel: 'twitter', text: `DST ${i}` }, 201));
      // The server's clock on the Saturday before the change (only Date is moved; timers run).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      try {
        const queued = [];
        for (const draft of drafts) queued.push(((await ok(owner, 'POST', `/api/drafts/${draft.id}/queue`)) as TDraft).scheduledAt);
        expect(queued).toEqual(expected);
      } finally {
        vi.useRealTimers();
        for (const draft of drafts) expect((await send(owner, 'DELETE', `/api/drafts/${draft.id}`)).statusCode).toBe(204);
      }
    },
  );
});
