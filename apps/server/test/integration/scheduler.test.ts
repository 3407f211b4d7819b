import type { KyselyPlugin } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDraft } from '@hookline/shared';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { newId } from '../../src/lib/ids.ts';
import { PublishError, type ChannelPublisher } from '../../src/modules/publishing/channel-publisher.ts';
import { PostScheduler, type PostSchedulerOptions } from '../../src/modules/publishing/post-scheduler.ts';
import { signUpAs, type ApiCaller } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clientTimeline } from '../support/workspace-caller.ts';

const MINUTE = 60_000;

/** A clock the test moves: the schedulers read the time only from it. */
function testClock(start: number) {
  let now = start;
  return { now: () => new Date(now), set: (ms: number) => void (now = ms) };
}

/**
 * A network that records what it was asked to publish; `answer` decides each call.
 */
function recordingNetwork(answer: (draftId: string, call: number) => Promise<void> = async () => {}) {
  const calls: string[] = [];
  const publisher: ChannelPublisher = {
    network: 'testnet',
    connectionId: null,
    async publish(draft) {
      calls.push(draft.id);
      await answer(draft.id, calls.filter((id) => id === draft.id).length);
      return { externalId: `post-${draft.id}`, url: `https://testnet.example/p/${draft.id}` };
    },
  };
  return { calls, publisher };
}

describe('the scheduler publishes queued posts at their time, once', () => {
  let t: TestApp;
  let ana: ApiCaller;
  let workspaceId: string;
  /** Two database connections of their own, as two processes (app instances or workers) would have. */
  let processes: DatabaseHandle[] = [];
  beforeAll(async () => {
    // The app's own scheduler stays off: only the schedulers made here publish, on the test's clock.
    t = await createTestApp({ RUN_JOBS: 'false' });
    ana = await signUpAs(t, 'ana@scheduled.test');
    workspaceId = (await ana.get('/api/workspace')).json().id;
    processes = [openDatabase(t.target), openDatabase(t.target)];
  });
  afterAll(async () => {
    await Promise.all(processes.map((handle) => handle.close()));
    await t?.close();
  });

  /** A scheduler in one of the two processes (the first unless told). */
  const scheduler = (
    clock: { now: () => Date },
    publisher: ChannelPublisher | null,
    options: Partial<PostSchedulerOptions> = {},
    process = 0,
  ) => {
    const handle = processes[process];
    return new PostScheduler({
      db: handle.db,
      kind: handle.kind,
      log: pino({ level: 'silent' }),
      publisherFor: async () => publisher,
      pollMs: 1000,
      retryBaseMs: MINUTE,
      now: clock.now,
      ...options,
    });
  };

  const draftRow = (id: string) => t.db.selectFrom('draft').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const scheduled = async (at: number, text = 'Launch day') => {
    const draft = (await ana.post('/api/drafts', { type: 'post', channel: 'linkedin', text })).json() as TDraft;
    const response = await ana.post(`/api/drafts/${draft.id}/schedule`, { at: new Date(at).toISOString() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TDraft;
  };

  it('publishes a due post once, at its time and not before, and records how late it went out', async () => {
    const due = Date.now() + 10 * MINUTE;
    const draft = await scheduled(due);
    expect(draft).toMatchObject({ status: 'queued', scheduledAt: new Date(due).toISOString() });
    const clock = testClock(due - 1000);
    const network = recordingNetwork();
    const runner = scheduler(clock, network.publisher);

    expect(await runner.publishDue()).toBe(0);
    clock.set(due + 1500);
    expect(await runner.publishDue()).toBe(1);
    expect(await runner.publishDue()).toBe(0);

    expect(network.calls).toEqual([draft.id]);
    const published = (await ana.get(`/api/drafts/${draft.id}`)).json() as TDraft;
    expect(published).toMatchObject({
      status: 'published',
      publishedAt: new Date(due + 1500).toISOString(),
      lateSeconds: 2,
      publishedTo: 'testnet',
      postUrl: `https://testnet.example/p/${draft.id}`,
      failureReason: null,
    });
    expect((await clientTimeline(t.db, workspaceId)).map((entry) => entry.text)).toContain('Post published to testnet: Launch day');
  });

  it('publishes in Hookline only when no account of the network is connected', async () => {
    const due = Date.now() + 20 * MINUTE;
    const draft = await scheduled(due);
    const clock = testClock(due);
    expect(await scheduler(clock, null).publishDue()).toBe(1);
    expect((await draftRow(draft.id)).publishedTo).toBe('hookline');
  });

  it('never publishes a post twice when two runners on the database race for many due posts', async () => {
    const rounds = 10;
    const perRound = 40;
    for (let round = 0; round < rounds; round += 1) {
      const due = Date.now() + 30 * MINUTE;
      const ids = Array.from({ length: perRound }, () => newId());
      const stamp = new Date(due).toISOString();
      await t.db
        .insertInto('draft')
        .values(
          ids.map((id) => ({
            id,
            workspaceId,
            channel: 'linkedin',
            type: 'post',
            text: `Post ${id}`,
            status: 'queued',
            scheduledAt: stamp,
            publishedAt: null,
            mediaKey: null,
            mediaType: null,
            mediaName: null,
            createdAt: stamp,
            updatedAt: stamp,
          })),
        )
        .execute();
      // Random small delays shuffle which runner is where when.
      const network = recordingNetwork(() => new Promise((resolve) => setTimeout(resolve, Math.random() * 4)));
      const clock = testClock(due + 1000);
      const [a, b] = [
        scheduler(clock, network.publisher, { concurrency: 4 }, 0),
        scheduler(clock, network.publisher, { concurrency: 4 }, 1),
      ];
      const [byA, byB] = await Promise.all([a.publishDue(), b.publishDue()]);
      expect(byA + byB).toBe(perRound);
      expect(network.calls.toSorted()).toEqual(ids.toSorted());
      const rows = await t.db.selectFrom('draft').select(['status']).where('id', 'in', ids).execute();
      expect(rows.every((row) => row.status === 'published')).toBe(true);
    }
  });

  it('publishes posts that fell due while nothing ran at the next start, recording how late they were', async () => {
    const due = Date.now() + 40 * MINUTE;
    const draft = await scheduled(due);
    // The scheduler "starts" two hours after the post was due.
    const clock = testClock(due + 2 * 60 * MINUTE);
    expect(await scheduler(clock, null).publishDue()).toBe(1);
    expect(await draftRow(draft.id)).toMatchObject({ status: 'published', lateSeconds: 2 * 60 * 60 });
  });

  it('holds posts later than the workspace allows for a person to decide, then publishes them on Retry', async () => {
    expect((await ana.patch('/api/workspace', { holdLateMinutes: 30 })).statusCode).toBe(200);
    try {
      const due = Date.now() + 50 * MINUTE;
      const late = await scheduled(due, 'Late one');
      const onTime = await scheduled(due + 60 * MINUTE, 'On time');
      const network = recordingNetwork();
      // 45 minutes after the first was due: it is held; the second is not due yet.
      const clock = testClock(due + 45 * MINUTE);
      expect(await scheduler(clock, network.publisher).publishDue()).toBe(1);
      const held = (await ana.get(`/api/drafts/${late.id}`)).json() as TDraft;
      expect(held).toMatchObject({ status: 'held', lateSeconds: 45 * 60 });
      expect(held.failureReason).toContain('due 45 minutes before Hookline could publish it');
      expect(network.calls).toEqual([]);
      // A post that goes out within the allowance is not held.
      clock.set(due + 80 * MINUTE);
      expect(await scheduler(clock, network.publisher).publishDue()).toBe(1);
      expect((await draftRow(onTime.id)).status).toBe('published');

      // Retry is Publish now: due at once, published by the next pass.
      const retried = (await ana.post(`/api/drafts/${late.id}/publish`)).json() as TDraft;
      expect(retried).toMatchObject({ status: 'publishing', failureReason: null });
      clock.set(Date.now() + 1000);
      expect(await scheduler(clock, network.publisher).publishDue()).toBe(1);
      expect(await draftRow(late.id)).toMatchObject({ status: 'published', failureReason: null });
    } finally {
      await ana.patch('/api/workspace', { holdLateMinutes: null });
    }
  });

  it('respects a reschedule or a return to draft made before the post was due', async () => {
    const due = Date.now() + 60 * MINUTE;
    const moved = await scheduled(due, 'Moved');
    const pulled = await scheduled(due, 'Pulled');
    const later = due + 3 * 60 * MINUTE;
    expect((await ana.post(`/api/drafts/${moved.id}/schedule`, { at: new Date(later).toISOString() })).json().scheduledAt).toBe(
      new Date(later).toISOString(),
    );
    expect((await ana.post(`/api/drafts/${pulled.id}/unqueue`)).json()).toMatchObject({ status: 'draft', scheduledAt: null });

    const network = recordingNetwork();
    const clock = testClock(due + 5 * MINUTE);
    expect(await scheduler(clock, network.publisher).publishDue()).toBe(0);
    expect(network.calls).toEqual([]);
    clock.set(later);
    expect(await scheduler(clock, network.publisher).publishDue()).toBe(1);
    expect(network.calls).toEqual([moved.id]);
    expect((await draftRow(pulled.id)).status).toBe('draft');
  });

  it('retries temporary failures with backoff (and the network Retry-After), fails the rest with the reason, and Retry publishes', async () => {
    const due = Date.now() + 70 * MINUTE;
    const flaky = await scheduled(due, 'Flaky');
    const network = recordingNetwork(async (_id, call) => {
      if (call === 1) throw new PublishError('testnet answered 503 Service Unavailable', true);
      if (call === 2) throw new PublishError('testnet answered 429 Too Many Requests', true, 10 * MINUTE);
    });
    const clock = testClock(due);
    const runner = scheduler(clock, network.publisher, { retryBaseMs: MINUTE });
    expect(await runner.publishDue()).toBe(1);
    expect(await draftRow(flaky.id)).toMatchObject({ status: 'publishing', failureReason: 'testnet answered 503 Service Unavailable' });
    // First backoff: one minute.
    clock.set(due + 59_000);
    expect(await runner.publishDue()).toBe(0);
    clock.set(due + MINUTE);
    expect(await runner.publishDue()).toBe(1);
    // The network asked for ten minutes, longer than the two of the backoff.
    clock.set(due + 5 * MINUTE);
    expect(await runner.publishDue()).toBe(0);
    clock.set(due + 11 * MINUTE);
    expect(await runner.publishDue()).toBe(1);
    expect(await draftRow(flaky.id)).toMatchObject({ status: 'published', failureReason: null, publishAttempts: 3 });

    const refused = await scheduled(due + MINUTE, 'Refused');
    const strict = recordingNetwork(async () => {
      throw new PublishError('testnet refused the post: text is too long (4100 of 3000 characters)', false);
    });
    expect(await scheduler(testClock(due + 2 * MINUTE), strict.publisher).publishDue()).toBe(1);
    const failed = (await ana.get(`/api/drafts/${refused.id}`)).json() as TDraft;
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'testnet refused the post: text is too long (4100 of 3000 characters)',
    });
    expect((await clientTimeline(t.db, workspaceId)).map((entry) => entry.text)).toContain(
      'Post failed: testnet refused the post: text is too long (4100 of 3000 characters): Refused',
    );
    expect((await ana.post(`/api/drafts/${refused.id}/publish`)).json().status).toBe('publishing');
    expect(await scheduler(testClock(Date.now() + 1000), null).publishDue()).toBe(1);
    expect((await draftRow(refused.id)).status).toBe('published');
  });

  it('takes over a post whose runner died mid-publish once its lease ran out; the dead runner cannot write over it', async () => {
    const due = Date.now() + 80 * MINUTE;
    const draft = await scheduled(due, 'Orphaned');
    let release = () => {};
    const stuck = recordingNetwork(() => new Promise<void>((resolve) => (release = resolve)));
    const clock = testClock(due);
    const dying = scheduler(clock, stuck.publisher, { leaseMs: 5 * MINUTE });
    const inFlight = dying.publishDue();
    await expect.poll(() => stuck.calls.length).toBe(1);

    // Being published, it may be on the network already: it can neither be deleted nor moved.
    expect((await ana.del(`/api/drafts/${draft.id}`)).statusCode).toBe(409);
    expect((await ana.post(`/api/drafts/${draft.id}/unqueue`)).statusCode).toBe(409);

    const healthy = recordingNetwork();
    clock.set(due + 4 * MINUTE);
    expect(await scheduler(clock, healthy.publisher, { leaseMs: 5 * MINUTE }, 1).publishDue()).toBe(0);
    clock.set(due + 6 * MINUTE);
    expect(await scheduler(clock, healthy.publisher, { leaseMs: 5 * MINUTE }, 1).publishDue()).toBe(1);
    expect((await draftRow(draft.id)).publishedTo).toBe('testnet');

    // The first runner wakes up and finishes: its lease is gone, so it changes nothing.
    const before = await draftRow(draft.id);
    release();
    await inFlight;
    expect(await draftRow(draft.id)).toEqual(before);
  });

  it('queues, schedules and publishes only approved drafts where the workspace requires approval', async () => {
    expect((await ana.patch('/api/workspace', { requireApproval: true })).statusCode).toBe(200);
    try {
      const draft = (await ana.post('/api/drafts', { type: 'post', text: 'Needs a yes' })).json() as TDraft;
      const at = new Date(Date.now() + 90 * MINUTE).toISOString();
      for (const [action, body] of [
        ['schedule', { at }],
        ['queue', undefined],
        ['publish', undefined],
      ] as const) {
        const response = await ana.post(`/api/drafts/${draft.id}/${action}`, body);
        expect(response.statusCode, action).toBe(409);
        expect(response.json().error).toContain('requires approval');
      }
    } finally {
      await ana.patch('/api/workspace', { requireApproval: false });
    }
  });

  it('refuses a time in the past, an unknown zone and a date no calendar has, with a clear message', async () => {
    const draft = (await ana.post('/api/drafts', { type: 'post', text: 'Timing' })).json() as TDraft;
    const cases = [
      [{ at: new Date(Date.now() - MINUTE).toISOString() }, 'Choose a time in the future.'],
      [{ local: '2031-02-30T09:00', timeZone: 'Europe/Berlin' }, 'is not a date and time'],
      [{ local: '2031-02-01T09:00', timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone'],
      [{ local: '9am tomorrow' }, 'local must be a date and time'],
      [{}, 'Send either at or local'],
      // Past year 9999 an instant no longer sorts as text: refused long before that.
      [{ local: '9999-12-31T23:00', timeZone: 'America/New_York' }, 'Choose a time within the next five years.'],
      [{ at: '2040-01-01T00:00:00Z' }, 'Choose a time within the next five years.'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await ana.post(`/api/drafts/${draft.id}/schedule`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toContain(message);
    }
    expect((await draftRow(draft.id)).status).toBe('draft');
    // A wall-clock time is read in the zone named (else the workspace's, else UTC).
    const berlin = (await ana.post(`/api/drafts/${draft.id}/schedule`, { local: '2031-07-01T09:30', timeZone: 'Europe/Berlin' })).json();
    expect(berlin.scheduledAt).toBe('2031-07-01T07:30:00.000Z');
  });

  it('holds a queued post that is not approved when its workspace came to require approval', async () => {
    const due = Date.now() + 100 * MINUTE;
    const draft = await scheduled(due, 'Queued before approval was required');
    expect((await ana.patch('/api/workspace', { requireApproval: true })).statusCode).toBe(200);
    try {
      const network = recordingNetwork();
      expect(await scheduler(testClock(due), network.publisher).publishDue()).toBe(1);
      expect(network.calls).toEqual([]);
      const held = (await ana.get(`/api/drafts/${draft.id}`)).json() as TDraft;
      expect(held.status).toBe('held');
      expect(held.failureReason).toContain('requires approval before publishing');
    } finally {
      await ana.patch('/api/workspace', { requireApproval: false });
    }
  });

  it('never sends a post to the network again when writing down its success fails', async () => {
    const due = Date.now() + 110 * MINUTE;
    const draft = await scheduled(due, 'Recorded once');
    let armed = false;
    // The database refuses the first write after the network answered, as a dropped connection would.
    const failOnce: KyselyPlugin = {
      transformQuery(args) {
        if (armed && args.node.kind === 'UpdateQueryNode') {
          armed = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const network = recordingNetwork(async () => {
      armed = true;
    });
    const handle = processes[0];
    const runner = new PostScheduler({
      db: handle.db.withPlugin(failOnce),
      kind: handle.kind,
      log: pino({ level: 'silent' }),
      publisherFor: async () => network.publisher,
      pollMs: 1000,
      retryBaseMs: MINUTE,
      now: testClock(due).now,
    });
    expect(await runner.publishDue()).toBe(1);
    expect(network.calls).toEqual([draft.id]);
    expect(await draftRow(draft.id)).toMatchObject({ status: 'published', failureReason: null, publishAttempts: 1 });
  });

  it('lets a person take back a post that waits to try again after a temporary failure', async () => {
    const due = Date.now() + 120 * MINUTE;
    const draft = await scheduled(due, 'Waiting to retry');
    const network = recordingNetwork(async () => {
      // Retry-After of a day: followed for an hour at most.
      throw new PublishError('testnet answered 429 Too Many Requests', true, 24 * 60 * MINUTE);
    });
    expect(await scheduler(testClock(due), network.publisher).publishDue()).toBe(1);
    const waiting = await draftRow(draft.id);
    expect(waiting).toMatchObject({ status: 'publishing', publishLease: null });
    expect(Date.parse(waiting.leaseUntil!) - due).toBe(60 * MINUTE);
    expect((await ana.post(`/api/drafts/${draft.id}/unqueue`)).json()).toMatchObject({ status: 'draft', failureReason: null });
  });

  it('gives posts queued at the same moment different slots', async () => {
    expect(
      (await ana.put('/api/workspace/posting-slots', { slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time: '07:15' })) }))
        .statusCode,
    ).toBe(200);
    try {
      const drafts = await Promise.all(
        Array.from(
          { length: 6 },
          async (_, i) => (await ana.post('/api/drafts', { type: 'post', channel: 'youtube', text: `Burst ${i}` })).json() as TDraft,
        ),
      );
      const queued = await Promise.all(drafts.map(async (draft) => (await ana.post(`/api/drafts/${draft.id}/queue`)).json() as TDraft));
      expect(new Set(queued.map((draft) => draft.scheduledAt)).size).toBe(6);
      expect(queued.every((draft) => draft.scheduledAt!.endsWith('T07:15:00.000Z'))).toBe(true);
    } finally {
      await ana.put('/api/workspace/posting-slots', { slots: [] });
    }
  });
});
