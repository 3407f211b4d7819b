// Seeds the benchmark's database straight through SQL (fast), with data shaped like a real console:
// 10,000 clients with their onboarding request, timeline entries and some questionnaires, and drafts.
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';

type Row = Record<string, string | number | null>;

/** Where the rows go: SQLite (one transaction) or PostgreSQL (batched multi-row inserts in one transaction). */
export interface SeedTarget {
  insert(tables: Array<[table: string, rows: Row[]]>): Promise<void>;
  workspaceIdOf(ownerEmail: string): Promise<string>;
  close(): Promise<void>;
}

export function openSqliteTarget(file: string): SeedTarget {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  return {
    async insert(tables) {
      db.transaction(() => {
        for (const [table, rows] of tables) {
          if (!rows.length) continue;
          const columns = Object.keys(rows[0]);
          const statement = db.prepare(
            `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
          );
          for (const row of rows) statement.run(row);
        }
      })();
    },
    async workspaceIdOf(ownerEmail) {
      return (db.prepare('select id from workspace where "ownerEmail" = ?').get(ownerEmail) as { id: string }).id;
    },
    async close() {
      db.close();
    },
  };
}

export function openPostgresTarget(url: string): SeedTarget {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    async insert(tables) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const [table, rows] of tables) {
          if (!rows.length) continue;
          const columns = Object.keys(rows[0]);
          for (let start = 0; start < rows.length; start += 500) {
            const batch = rows.slice(start, start + 500);
            const values = batch.map((_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
            await client.query(
              `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${values.join(', ')}`,
              batch.flatMap((row) => columns.map((c) => row[c])),
            );
          }
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async workspaceIdOf(ownerEmail) {
      const { rows } = await pool.query<{ id: string }>('select id from workspace where "ownerEmail" = $1', [ownerEmail]);
      return rows[0].id;
    },
    async close() {
      await pool.end();
    },
  };
}

const ADJECTIVES = ['Golden', 'Nordic', 'Urban', 'Little', 'Bright', 'Wild', 'Blue', 'Happy', 'Silver', 'Green', 'Cosmic', 'Rustic'];
const NOUNS = ['Bakery', 'Studio', 'Fitness', 'Coffee', 'Garden', 'Labs', 'Yoga', 'Records', 'Kitchen', 'Outfitters', 'Dental', 'Travel'];
const WORDS = 'launch behind the scenes new recipe giveaway thread video reel summer tips how we sourdough team story sale'.split(' ');

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A UUIDv7-shaped id for the given time, like the server's own ids (they sort by creation time). */
function timeId(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0') + crypto.randomBytes(10).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const SEED_CLIENTS = 10_000;

/** The clients every console has: 10,000 workspaces over two years, each with its request and timeline. */
export async function seedClients(target: SeedTarget): Promise<string[]> {
  const random = randomSequence(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const workspaces: Row[] = [];
  const requests: Row[] = [];
  const timeline: Row[] = [];
  const records: Row[] = [];
  const start = Date.now() - 2 * 365 * 24 * 3600 * 1000;
  for (let i = 0; i < SEED_CLIENTS; i++) {
    const ms = start + Math.floor((i / SEED_CLIENTS) * 2 * 365 * 24 * 3600 * 1000);
    const at = new Date(ms).toISOString();
    const name = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i}`;
    const ownerEmail = `${name.toLowerCase().replaceAll(' ', '.')}@example.com`;
    const roll = random();
    const plan = roll < 0.7 ? 'self_serve' : roll < 0.95 ? 'managed' : 'enterprise';
    const id = timeId(ms);
    workspaces.push({
      id,
      name,
      ownerEmail,
      status: random() < 0.85 ? 'active' : 'paused',
      plan,
      planMonthlyUsd: plan === 'self_serve' ? null : plan === 'managed' ? 1500 + 500 * Math.floor(random() * 6) : 9000,
      timeZone: null,
      cadence: null,
      createdAt: at,
      updatedAt: at,
    });
    const requestId = timeId(ms);
    requests.push({
      id: requestId,
      workspaceId: id,
      type: 'onboarding',
      subject: `Onboarding: ${name}`,
      requester: ownerEmail,
      status: pick(['open', 'in_progress', 'closed', 'closed']),
      createdAt: at,
      updatedAt: at,
    });
    timeline.push({
      id: timeId(ms),
      subjectType: 'client',
      subjectId: id,
      text: 'Client created with status active',
      who: 'founder@bench.test',
      ts: at,
    });
    timeline.push({
      id: timeId(ms),
      subjectType: 'request',
      subjectId: requestId,
      text: 'Request opened',
      who: 'founder@bench.test',
      ts: at,
    });
    if (i % 2 === 0) {
      const data = { name: 'Owner', email: ownerEmail, brand: name, goals: 'Grow', channels: ['Instagram'], cadence: 'Daily' };
      records.push({ workspaceId: id, data: JSON.stringify(data), airtableRecordId: null, createdAt: at, updatedAt: at });
    }
  }
  await target.insert([
    ['workspace', workspaces],
    ['request', requests],
    ['timelineEntry', timeline],
    ['onboardingRecord', records],
  ]);
  return workspaces.map((w) => String(w.id));
}

/** The signed-in client's drafts (the list the benchmark reads) and a few for every 5th other client. */
export async function seedDrafts(
  target: SeedTarget,
  clientWorkspaceId: string,
  ownDrafts: number,
  otherWorkspaceIds: string[],
): Promise<void> {
  const random = randomSequence(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const drafts: Row[] = [];
  const now = Date.now();
  const draft = (workspaceId: string, n: number): Row => {
    const ms = now - n * 3_600_000;
    const at = new Date(ms).toISOString();
    const status = pick(['draft', 'draft', 'queued', 'published']);
    const channel = pick(['instagram', 'twitter', 'youtube', 'linkedin']);
    const withMedia = random() < 0.3;
    return {
      id: timeId(ms),
      workspaceId,
      channel,
      type: channel === 'twitter' ? 'thread' : channel === 'youtube' ? 'video' : pick(['post', 'reel']),
      text: Array.from({ length: 20 + Math.floor(random() * 60) }, () => pick(WORDS)).join(' '),
      status,
      scheduledAt: status === 'draft' ? null : new Date(ms + 3_600_000).toISOString(),
      publishedAt: status === 'published' ? new Date(ms + 3_600_000).toISOString() : null,
      mediaKey: withMedia ? `drafts/${workspaceId}/${n}.jpg` : null,
      mediaType: withMedia ? 'image/jpeg' : null,
      mediaName: withMedia ? `photo-${n}.jpg` : null,
      createdAt: at,
      updatedAt: at,
    };
  };
  for (let n = 0; n < ownDrafts; n++) drafts.push(draft(clientWorkspaceId, n));
  otherWorkspaceIds.forEach((id, i) => {
    if (i % 5 === 0) for (let n = 0; n < 5; n++) drafts.push(draft(id, n));
  });
  await target.insert([['draft', drafts]]);
}
