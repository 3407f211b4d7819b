import type { Db } from '../../src/db/database.ts';
import { onboardingData } from './admin.ts';
import { remoteCaller, signUpRemote, type RemoteCaller } from './server-process.ts';

/** What the server acknowledged with a 2xx, by kind; the ids are the ones its answers named. */
export interface AcknowledgedWrites {
  /** Public onboarding submissions: the request each one opened. */
  onboardingRequests: string[];
  /** Drafts created by the client. */
  drafts: string[];
  /** Internal notes a founder added to one request (timeline entry ids). */
  notes: string[];
  /** One draft whose text is rewritten as "version {n}" again and again. */
  rewrites: { draftId: string; acknowledged: number; sent: number };
}

export interface WriteLoad {
  acknowledged: AcknowledgedWrites;
  /** The load's signed-in callers, for reading back over the API. */
  callers: { founder: RemoteCaller; client: RemoteCaller };
  /** How many callers write side by side: at most this many writes are in flight at any moment. */
  writers: number;
  /** Writes acknowledged so far, all kinds together. */
  count(): number;
  /** Requests sent that got no answer because the connection broke (a kill): neither acknowledged nor refused. */
  cutOff(): number;
  /** Answers that were neither 2xx nor a lost connection: a bug, listed as "METHOD path → status body". */
  refusals: string[];
  /** Resolves once `total` writes have been acknowledged. */
  waitForCount(total: number): Promise<void>;
  stop(): Promise<void>;
}

export const LOAD_FOUNDER = 'founder@load.test';
const LOAD_CLIENT = 'client@load.test';

/** The environment a server under this load needs: a founder, and no rate limit or load shedding in the way. */
export const WRITE_LOAD_ENV = {
  FOUNDER_EMAIL: LOAD_FOUNDER,
  SIGNIN_RATE_LIMIT: '1000000',
  ONBOARDING_RATE_LIMIT: '1000000',
  // Load shedding answers 503 when a busy machine delays the event loop; these tests want every write tried.
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Real HTTP writes from several concurrent callers at `url` (one process or a succession of
 * processes on one port; given a function, each request goes where it says then, as through a load
 * balancer): public onboarding submissions, drafts created and rewritten by a client,
 * and a founder's notes on a request. Each caller writes one request at a time and goes on after
 * an answer or a failed connection (a killed server), so the load carries on across restarts.
 */
export async function startWriteLoad(
  url: string | (() => string),
  options: { writersPerKind?: number; pauseMs?: number } = {},
): Promise<WriteLoad> {
  const at = () => (typeof url === 'string' ? url : url());
  const founder = remoteCaller(url, await signUpRemote(at(), LOAD_FOUNDER));
  const client = remoteCaller(url, await signUpRemote(at(), LOAD_CLIENT));
  const anonymous = remoteCaller(url);
  const setup = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`write load set-up failed: ${status} ${JSON.stringify(body)}`);
    return body as { id?: string; requestId?: string };
  };
  const noteTarget = (await setup(anonymous('POST', '/api/onboarding/submit', onboardingData({ email: 'notes@load.test' })))).requestId!;
  const rewriteDraft = (await setup(client('POST', '/api/drafts', { type: 'post', text: 'version 0' }))).id!;

  const acknowledged: AcknowledgedWrites = {
    onboardingRequests: [],
    drafts: [],
    notes: [],
    rewrites: { draftId: rewriteDraft, acknowledged: 0, sent: 0 },
  };
  const refusals: string[] = [];
  let count = 0;
  let cutOff = 0;
  let stopped = false;
  const waiters: { total: number; resolve: () => void }[] = [];

  /** One write: its id is recorded when the answer is a 2xx; a lost connection is counted and retried by the loop. */
  const write = async (
    caller: RemoteCaller,
    method: string,
    route: string,
    payload: unknown,
    onAcknowledged: (body: Record<string, string>) => void,
  ) => {
    let answer;
    try {
      answer = await caller(method, route, payload);
    } catch (error) {
      // Refused: no server is listening (a restart); anything else: a request the kill cut off.
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') cutOff += 1;
      // A real pause on purpose, as a client backs off: while the server restarts, the writers
      // retry ten times a second instead of spinning. Nothing waits on it.
      await sleep(100);
      return;
    }
    if (answer.status < 200 || answer.status >= 300) {
      refusals.push(`${method} ${route} → ${answer.status} ${JSON.stringify(answer.body)}`);
      return;
    }
    onAcknowledged(answer.body as Record<string, string>);
    count += 1;
    for (const waiter of waiters.filter((w) => count >= w.total)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  let serial = 0;
  const kinds: (() => Promise<void>)[] = [
    () =>
      write(anonymous, 'POST', '/api/onboarding/submit', onboardingData({ email: `form-${++serial}@load.test` }), (b) =>
        acknowledged.onboardingRequests.push(b.requestId),
      ),
    () => write(client, 'POST', '/api/drafts', { type: 'post', text: `draft ${++serial}` }, (b) => acknowledged.drafts.push(b.id)),
    () =>
      write(founder, 'POST', `/api/admin/requests/${noteTarget}/notes`, { note: `note ${++serial}` }, (b) => acknowledged.notes.push(b.id)),
  ];
  const writers = kinds.flatMap((kind) => Array.from({ length: options.writersPerKind ?? 2 }, () => kind));
  // The rewriter is alone on its draft, so the stored version is the last acknowledged one or the one in flight after it.
  writers.push(async () => {
    const version = ++acknowledged.rewrites.sent;
    await write(client, 'PATCH', `/api/drafts/${rewriteDraft}`, { text: `version ${version}` }, () => {
      acknowledged.rewrites.acknowledged = Math.max(acknowledged.rewrites.acknowledged, version);
    });
  });
  const loops = writers.map(async (writeOnce) => {
    while (!stopped) {
      await writeOnce();
      // A real pause on purpose when asked for: a lighter load, as from people rather than scripts.
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  });

  return {
    acknowledged,
    callers: { founder, client },
    writers: writers.length,
    count: () => count,
    cutOff: () => cutOff,
    refusals,
    waitForCount(total) {
      if (count >= total) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ total, resolve }));
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The acknowledged writes the database does not hold (all empty when none was lost), read over `db`. */
export async function findLostWrites(db: Db, acknowledged: AcknowledgedWrites) {
  const missing = async (table: 'request' | 'draft' | 'timelineEntry', ids: string[]) => {
    const found = new Set<string>();
    // In slices: SQLite limits the number of bound parameters.
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const row of rows) found.add(row.id);
    }
    return ids.filter((id) => !found.has(id));
  };
  const rewritten = await db.selectFrom('draft').select('text').where('id', '=', acknowledged.rewrites.draftId).executeTakeFirstOrThrow();
  const version = Number(/^version (\d+)$/.exec(rewritten.text)?.[1] ?? -1);
  const { acknowledged: last, sent } = acknowledged.rewrites;
  return {
    onboardingRequests: await missing('request', acknowledged.onboardingRequests),
    drafts: await missing('draft', acknowledged.drafts),
    notes: await missing('timelineEntry', acknowledged.notes),
    // Older than the last acknowledged rewrite would be a lost write; newer than any sent, a corrupt one.
    rewrite: version >= last && version <= sent ? [] : [`stored version ${version}, acknowledged ${last}, sent ${sent}`],
  };
}
