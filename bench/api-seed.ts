// Seeds the API benchmark's database straight through SQL (fast), shaped like an agency's console a
// year or two in: 10,000 client workspaces with their owners, managers' assignments, 200,000 drafts
// (statuses, review states, media, metrics, comments) and 50,000 requests with their timelines.
// The workspaces of the accounts the load signs in with exist already (made by their sign-up); they
// get their plan and their share of everything like any other.
import type SQLite from 'better-sqlite3';
import pg from 'pg';
import { CADENCES, type TDraftChannel } from '@hookline/shared';
import { openAppSqlite } from './support/sqlite.ts';

type Value = string | number | boolean | null;
type Row = Record<string, Value>;
type Insert = (table: string, rows: Row[]) => Promise<void>;
type Run = (text: string, params: Value[]) => Promise<void>;

/** Where the rows go: SQLite or PostgreSQL, with `?` placeholders on both. */
export interface SeedTarget {
  kind: 'sqlite' | 'postgres';
  /** Runs the work in one transaction: inserts (batched) and other statements. */
  transaction(work: (insert: Insert, run: Run) => Promise<void>): Promise<void>;
  query<T>(text: string, params?: Value[]): Promise<T[]>;
  close(): Promise<void>;
}

export function openSqliteTarget(file: string): SeedTarget {
  const db = openAppSqlite(file);
  // Seeding is setup, not the work measured: its commits need not wait for the disk.
  db.pragma('synchronous = OFF');
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (text: string) => statements.get(text) ?? statements.set(text, db.prepare(text)).get(text)!;
  // better-sqlite3 binds no booleans: SQLite keeps them as 0 and 1, as Better Auth does.
  const bindable = (values: Value[]) => values.map((v) => (typeof v === 'boolean' ? Number(v) : v));
  return {
    kind: 'sqlite',
    async transaction(work) {
      db.exec('begin immediate');
      try {
        await work(
          async (table, rows) => {
            if (!rows.length) return;
            const columns = Object.keys(rows[0]);
            const statement = prepare(insertText(table, columns, 1, () => '?'));
            for (const row of rows) statement.run(bindable(columns.map((c) => row[c])));
          },
          async (text, params) => void prepare(text).run(bindable(params)),
        );
        db.exec('commit');
      } catch (error) {
        db.exec('rollback');
        throw error;
      }
    },
    async query<T>(text: string, params: Value[] = []) {
      const statement = prepare(text);
      return (statement.reader ? statement.all(bindable(params)) : (statement.run(bindable(params)), [])) as T[];
    },
    async close() {
      db.close();
    },
  };
}

export function openPostgresTarget(url: string): SeedTarget {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return {
    kind: 'postgres',
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // Seeding is setup, not the work measured: its commits need not wait for the disk.
        await client.query('set local synchronous_commit = off');
        await work(
          async (table, rows) => {
            if (!rows.length) return;
            const columns = Object.keys(rows[0]);
            // As many rows a statement as PostgreSQL's 65,535 parameters allow.
            const perStatement = Math.floor(60_000 / columns.length);
            for (let start = 0; start < rows.length; start += perStatement) {
              const batch = rows.slice(start, start + perStatement);
              let n = 0;
              await client.query(
                insertText(table, columns, batch.length, () => `$${++n}`),
                batch.flatMap((row) => columns.map((c) => row[c])),
              );
            }
          },
          async (text, params) => void (await client.query(numbered(text), params)),
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async query<T>(text: string, params: Value[] = []) {
      return (await pool.query(numbered(text), params)).rows as T[];
    },
    async close() {
      await pool.end();
    },
  };
}

function insertText(table: string, columns: string[], rows: number, placeholder: () => string): string {
  const values = Array.from({ length: rows }, () => `(${columns.map(placeholder).join(', ')})`);
  return `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${values.join(', ')}`;
}

export const SEED = { workspaces: 10_000, drafts: 200_000, requests: 50_000 };
/** Managers of an agency this size; each is assigned a share of the managed and enterprise clients. */
export const MANAGER_COUNT = 16;
export const managerEmail = (n: number) => `manager-${String(n + 1).padStart(2, '0')}@agency.test`;

const DAY = 24 * 3600 * 1000;
const ADJECTIVES = ['Golden', 'Nordic', 'Urban', 'Little', 'Bright', 'Wild', 'Blue', 'Happy', 'Silver', 'Green', 'Cosmic', 'Rustic'];
const NOUNS = ['Bakery', 'Studio', 'Fitness', 'Coffee', 'Garden', 'Labs', 'Yoga', 'Records', 'Kitchen', 'Outfitters', 'Dental', 'Travel'];
const WORDS = (
  'launch behind the scenes new recipe giveaway thread video reel summer tips how we our team story sale today this week ' +
  'customers love fresh made by hand local small business morning coffee weekend special limited edition back in stock ' +
  'thank you for tag a friend who link in bio swipe to see more what do you think comment below follow along join us'
).split(' ');
const HASHTAGS = ['#smallbusiness', '#shoplocal', '#behindthescenes', '#newdrop', '#summer', '#tips', '#community', '#handmade'];
const TIME_ZONES = [null, null, 'Europe/Berlin', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo'];
/** How long a post's text runs on each network (characters), as people write them. */
const TEXT_LENGTH: Record<TDraftChannel, [number, number]> = {
  twitter: [60, 280],
  instagram: [150, 1200],
  linkedin: [300, 1500],
  youtube: [100, 800],
  mastodon: [80, 500],
  bluesky: [50, 300],
};
const CHANNEL_WEIGHTS: Record<TDraftChannel, number> = { instagram: 35, twitter: 20, linkedin: 20, youtube: 10, mastodon: 8, bluesky: 7 };

/** A deterministic pseudo-random sequence, so every run seeds the same data and sends the same requests. */
export function randomSequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    weighted: <K extends string>(weights: Record<K, number>): K => {
      let total = 0;
      for (const key in weights) total += weights[key];
      let roll = next() * total;
      let last = '' as K;
      for (const key in weights) {
        last = key;
        if ((roll -= weights[key]) < 0) return key;
      }
      return last;
    },
  };
}
export type Random = ReturnType<typeof randomSequence>;

let idCount = 0;
/** A UUIDv7-shaped id for the given time, like the server's own ids (they sort by creation time); a count keeps each apart. */
function timeId(ms: number): string {
  const hex =
    Math.floor(ms).toString(16).padStart(12, '0') +
    (idCount++).toString(16).padStart(8, '0') +
    Math.floor(Math.random() * 2 ** 48)
      .toString(16)
      .padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
const iso = (ms: number) => new Date(ms).toISOString();

/** Words and hashtags enough for every text: each text is a stretch of it, starting at a word. */
const CORPUS = (() => {
  const random = randomSequence(7);
  const words: string[] = [];
  for (let length = 0; length < 50_000; length += words.at(-1)!.length + 1) {
    words.push(random.chance(0.05) ? random.pick(HASHTAGS) : random.pick(WORDS));
  }
  return words.join(' ');
})();

function writeText(random: Random, [min, max]: [number, number]): string {
  const length = random.int(min, max);
  const start = CORPUS.indexOf(' ', random.int(0, CORPUS.length - length - 100)) + 1;
  return CORPUS.charAt(start).toUpperCase() + CORPUS.slice(start + 1, start + length);
}

/** A brand name as clients type them; the number keeps each one apart. */
/** A brand name as clients type them (the number keeps each apart), the same for the same n in every run. */
export function brandNameOf(n: number): string {
  const random = randomSequence(1_000 + n);
  return `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${n}`;
}

type Plan = 'self_serve' | 'managed' | 'enterprise';
interface SeedWorkspace {
  index: number;
  /** Made by its owner's sign-up, before seeding. */
  signedUp: boolean;
  id: string;
  ownerEmail: string;
  plan: Plan;
  createdMs: number;
  manager: string | null;
}

/** Each plan's relative share of the drafts and requests: managed clients post and ask far more. */
const DRAFT_WEIGHT = { self_serve: [1, 13], managed: [12, 60], enterprise: [60, 180] } as const;
const REQUEST_WEIGHT = { self_serve: 1, managed: 8, enterprise: 20 } as const;

/** Splits total over the weights, in whole numbers that add up to total exactly. */
function apportion(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w * total) / sum));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left--) counts[i]++;
  return counts;
}

/**
 * Seeds the agency: `existing` are the workspaces the load's clients made by signing up (completed
 * here with a plan and history), the rest up to SEED.workspaces are made with their owners. Managed
 * and enterprise clients are assigned to the MANAGER_COUNT managers in turn.
 */
export async function seedAgency(target: SeedTarget, now: number): Promise<void> {
  const random = randomSequence(42);
  const existing = await target.query<{ id: string; ownerEmail: string }>('select id, "ownerEmail" from workspace order by id');
  const workspaces: SeedWorkspace[] = [];
  const start = now - 2 * 365 * DAY;
  for (let i = 0; i < SEED.workspaces; i++) {
    const roll = random.next();
    const plan: Plan = roll < 0.7 ? 'self_serve' : roll < 0.95 ? 'managed' : 'enterprise';
    const createdMs = start + Math.floor((i / SEED.workspaces) * 2 * 365 * DAY);
    const signedUp = existing[i];
    const ownerEmail = signedUp?.ownerEmail ?? `${brandNameOf(i).toLowerCase().replaceAll(' ', '.')}@example.com`;
    const manager = plan === 'self_serve' ? null : managerEmail(i % MANAGER_COUNT);
    workspaces.push({ index: i, signedUp: Boolean(signedUp), id: signedUp?.id ?? timeId(createdMs), ownerEmail, plan, createdMs, manager });
  }
  const draftCounts = apportion(
    workspaces.map((w) => random.int(DRAFT_WEIGHT[w.plan][0], DRAFT_WEIGHT[w.plan][1])),
    SEED.drafts,
  );
  // Every workspace has its onboarding request; the rest are support requests and content briefs.
  const requestCounts = apportion(
    workspaces.map((w) => REQUEST_WEIGHT[w.plan] * (0.5 + random.next())),
    SEED.requests - SEED.workspaces,
  );

  const CHUNK = 500;
  for (let first = 0; first < workspaces.length; first += CHUNK) {
    const rows = new Map<string, Row[]>();
    const add = (table: string, row: Row) => (rows.get(table) ?? rows.set(table, []).get(table)!).push(row);
    const chunk = workspaces.slice(first, first + CHUNK);
    for (const workspace of chunk) {
      seedWorkspace(random, workspace, add, now);
      seedRequests(random, workspace, requestCounts[workspace.index], add, now);
      seedDrafts(random, workspace, draftCounts[workspace.index], add, now);
    }
    await target.transaction(async (insert, run) => {
      for (const w of chunk.filter((w) => w.signedUp)) {
        const planMonthlyUsd = w.plan === 'self_serve' ? null : w.plan === 'managed' ? 2000 : 9000;
        await run('update workspace set plan = ?, "planMonthlyUsd" = ?, "createdAt" = ? where id = ?', [
          w.plan,
          planMonthlyUsd,
          iso(w.createdMs),
          w.id,
        ]);
      }
      for (const table of [
        'user',
        'workspace',
        'onboardingRecord',
        'workspaceManager',
        'request',
        'timelineEntry',
        'draft',
        'draftComment',
      ])
        await insert(table, rows.get(table) ?? []);
    });
  }
  // PostgreSQL's autovacuum gathers statistics after a load like this one within a minute; done at
  // once here, so every run plans its queries on them. (SQLite has none unless the app asks for them.)
  if (target.kind === 'postgres') await target.query('analyze');
}

function seedWorkspace(random: Random, w: SeedWorkspace, add: (table: string, row: Row) => void, now: number) {
  const at = iso(w.createdMs);
  const name = brandNameOf(w.index);
  if (!w.signedUp) {
    // Most owners have proven their address and have an account; the others' workspaces wait for them.
    const ownerUserId = random.chance(0.9) ? timeId(w.createdMs) : null;
    if (ownerUserId) {
      add('user', { id: ownerUserId, name, email: w.ownerEmail, emailVerified: true, role: 'client', createdAt: at, updatedAt: at });
    }
    add('workspace', {
      id: w.id,
      name,
      ownerEmail: w.ownerEmail,
      ownerUserId,
      status: random.chance(0.85) ? 'active' : 'paused',
      plan: w.plan,
      planMonthlyUsd: w.plan === 'self_serve' ? null : w.plan === 'managed' ? 1500 + 500 * random.int(0, 5) : 9000,
      timeZone: random.pick(TIME_ZONES),
      cadence: random.chance(0.6) ? random.pick(CADENCES) : null,
      requireApproval: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  if (random.chance(0.6)) {
    const data = {
      name: 'Owner',
      email: w.ownerEmail,
      brand: name,
      goals: writeText(random, [40, 200]),
      channels: ['Instagram'],
      cadence: 'Daily',
    };
    add('onboardingRecord', { workspaceId: w.id, data: JSON.stringify(data), airtableRecordId: null, createdAt: at, updatedAt: at });
  }
  if (w.manager) add('workspaceManager', { workspaceId: w.id, email: w.manager, createdAt: at });
  add('timelineEntry', {
    id: timeId(w.createdMs),
    subjectType: 'client',
    subjectId: w.id,
    text: 'Client created with status active',
    who: 'founder@agency.test',
    ts: at,
    forClient: 0,
  });
  // What staff did in the workspace, on its timeline (ADR 057).
  for (let n = random.int(0, w.manager ? 12 : 2); n > 0; n--) {
    const ms = random.int(w.createdMs, now - DAY);
    const text = `${random.pick(['Draft created', 'Draft updated', 'Draft queued', 'Comment added to draft'])}: ${writeText(random, [20, 40])}`;
    add('timelineEntry', {
      id: timeId(ms),
      subjectType: 'client',
      subjectId: w.id,
      text,
      who: w.manager ?? 'founder@agency.test',
      ts: iso(ms),
      forClient: 0,
    });
  }
}

/** The onboarding request and `count` more, each with its timeline: opened, status changes, internal notes, replies. */
function seedRequests(random: Random, w: SeedWorkspace, count: number, add: (table: string, row: Row) => void, now: number) {
  const staff = w.manager ?? 'founder@agency.test';
  for (let n = 0; n <= count; n++) {
    const createdMs = n === 0 ? w.createdMs : random.int(Math.max(w.createdMs, now - 365 * DAY), now - 3600_000);
    const type = n === 0 ? 'onboarding' : random.weighted({ support: 3, content_brief: 2 });
    // Old requests are closed; the recent ones are the inbox.
    const age = now - createdMs;
    const status =
      age > 30 * DAY ? random.weighted({ closed: 9, in_progress: 1 }) : random.weighted({ open: 4, in_progress: 3, closed: 3 });
    const id = timeId(createdMs);
    const subject =
      n === 0 ? `Onboarding: ${w.ownerEmail}` : `${type === 'support' ? 'Help with' : 'Brief:'} ${writeText(random, [15, 60])}`;
    add('request', {
      id,
      workspaceId: w.id,
      type,
      subject,
      requester: w.ownerEmail,
      status,
      description: n === 0 ? null : writeText(random, [80, 600]),
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    });
    const entry = (ms: number, text: string, who: string, forClient: number) =>
      add('timelineEntry', { id: timeId(ms), subjectType: 'request', subjectId: id, text, who, ts: iso(ms), forClient });
    entry(createdMs, 'Request opened', w.ownerEmail, 1);
    const later = () => random.int(createdMs, Math.min(now, createdMs + 20 * DAY));
    if (status !== 'open') entry(later(), 'Status set to in progress', staff, 1);
    if (status === 'closed') entry(later(), 'Status set to closed', staff, 1);
    for (let k = random.int(0, 3); k > 0; k--) entry(later(), writeText(random, [30, 300]), staff, 0);
    for (let k = random.int(0, 2); k > 0; k--) entry(later(), writeText(random, [40, 500]), staff, 1);
  }
}

/**
 * `count` drafts made over the past year (or since the workspace began): older ones mostly published
 * (with the network's link and figures), some never sent or failed; recent ones queued ahead,
 * in review or plain drafts. Managed clients review theirs, and their drafts carry comments.
 */
function seedDrafts(random: Random, w: SeedWorkspace, count: number, add: (table: string, row: Row) => void, now: number) {
  const reviewed = w.plan !== 'self_serve';
  for (let n = 0; n < count; n++) {
    // Every client has a draft in the works: the first is a recent one not yet sent.
    const createdMs = random.int(Math.max(w.createdMs, now - (n === 0 ? 14 : 365) * DAY), now - 3600_000);
    const channel = random.weighted(CHANNEL_WEIGHTS);
    const type =
      channel === 'twitter'
        ? random.weighted({ post: 3, thread: 1 })
        : channel === 'youtube'
          ? 'video'
          : channel === 'instagram'
            ? random.weighted({ post: 3, reel: 2 })
            : 'post';
    const recent = now - createdMs < 14 * DAY;
    const status =
      n === 0
        ? 'draft'
        : recent
          ? random.weighted({ draft: 5, queued: 4, published: 1 })
          : random.weighted({ published: 70, draft: 25, failed: 3, held: 2 });
    // Queued posts are due from an hour ahead, so the scheduler publishes none while the load runs.
    const scheduledMs =
      status === 'queued' ? now + random.int(3600_000, 30 * DAY) : status === 'draft' ? null : createdMs + random.int(3600_000, 7 * DAY);
    const late = status === 'published' ? random.int(0, 40) : null;
    const publishedMs = status === 'published' && scheduledMs !== null ? Math.min(now - 60_000, scheduledMs + (late ?? 0) * 1000) : null;
    const media = channel === 'youtube' || type === 'reel' ? 'video' : channel === 'instagram' || random.chance(0.25) ? 'image' : null;
    const reviewState = !reviewed
      ? null
      : status === 'draft'
        ? random.weighted({ none: 2, in_review: 2, changes_requested: 1, approved: 1 })
        : 'approved';
    const id = timeId(createdMs);
    const updatedMs = publishedMs ?? createdMs;
    add('draft', {
      id,
      workspaceId: w.id,
      channel,
      type,
      text: writeText(random, TEXT_LENGTH[channel]),
      status,
      scheduledAt: scheduledMs === null ? null : iso(scheduledMs),
      publishedAt: publishedMs === null ? null : iso(publishedMs),
      mediaKey: media ? `drafts/${w.id}/${id}.${media === 'video' ? 'mp4' : 'jpg'}` : null,
      mediaType: media ? (media === 'video' ? 'video/mp4' : 'image/jpeg') : null,
      mediaName: media ? `${media}-${n}.${media === 'video' ? 'mp4' : 'jpg'}` : null,
      mediaSize: media ? random.int(200_000, media === 'video' ? 80_000_000 : 6_000_000) : null,
      mediaWidth: media ? 1080 : null,
      mediaHeight: media ? (media === 'video' ? 1920 : 1350) : null,
      mediaDuration: media === 'video' ? random.int(8, 90) : null,
      mediaHasAudio: media === 'video' ? 1 : null,
      mediaAlt: media && random.chance(0.5) ? writeText(random, [30, 150]) : '',
      reviewState: reviewState === 'none' ? null : reviewState,
      failureReason:
        status === 'failed'
          ? 'The network refused the post: media aspect ratio not supported.'
          : status === 'held'
            ? 'It fell due more than 60 minutes before the scheduler ran.'
            : null,
      lateSeconds: late,
      publishedTo: status === 'published' ? channel : null,
      postUrl: status === 'published' ? `https://${channel}.example/p/${id}` : null,
      externalId: status === 'published' ? id : null,
      metrics:
        status === 'published'
          ? JSON.stringify({
              views: random.int(100, 50_000),
              impressions: random.int(200, 90_000),
              likes: random.int(0, 3_000),
              comments: random.int(0, 200),
              reposts: random.int(0, 300),
            })
          : null,
      metricsAt: publishedMs === null ? null : iso(Math.min(now, publishedMs + 3 * DAY)),
      createdAt: iso(createdMs),
      updatedAt: iso(updatedMs),
    });
    if (reviewed && random.chance(0.25)) {
      for (let k = random.int(1, 3); k > 0; k--) {
        const staff = random.chance(0.5);
        add('draftComment', {
          id: timeId(createdMs + k * 60_000),
          draftId: id,
          authorName: staff ? 'Agency' : 'Owner',
          authorEmail: staff ? w.manager : w.ownerEmail,
          authorKind: staff ? 'staff' : 'client',
          internal: staff && random.chance(0.2) ? 1 : 0,
          text: writeText(random, [20, 300]),
          createdAt: iso(createdMs + k * 60_000),
        });
      }
    }
  }
}
