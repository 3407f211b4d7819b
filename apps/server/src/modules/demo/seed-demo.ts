import type { FastifyInstance } from 'fastify';
import { ONBOARDING_CHANNELS, type TWorkspaceSummary } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { demoApi } from './demo-api.ts';
import { DEMO_CLIENT, seedDemoClient } from './seed-demo-client.ts';

export const DEMO_FOUNDER = { email: 'founder@demo.hookline.test', password: 'hookline-demo', name: 'Dana Demo' };
export const DEMO_MANAGER = { email: 'manager@demo.hookline.test', password: 'hookline-demo', name: 'Milo Manager' };
/** The sign-ins the demo prints at start: the staff side and a client's dashboard. */
export const DEMO_LOGINS = [
  { label: 'founder', ...DEMO_FOUNDER },
  { label: 'manager', ...DEMO_MANAGER },
  { label: 'client', ...DEMO_CLIENT },
];

const FIRST = [
  'Nova',
  'Peak',
  'Lumen',
  'Harbor',
  'Cedar',
  'Vivid',
  'Atlas',
  'Echo',
  'Maple',
  'Orbit',
  'Sierra',
  'Willow',
  'Quartz',
  'Bloom',
  'Juniper',
];
const SECOND = ['Studio', 'Media', 'Fitness', 'Kitchen', 'Labs', 'Collective', 'Coffee', 'Travel', 'Beauty', 'Gaming', 'Works', 'Academy'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deterministic pseudo-random numbers, so every demo looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * Fills an empty database through the real API (as a founder), then spreads the activity over the
 * last 90 days so the console's charts have something to show; last, the demo client's workspace
 * with its own month of posts.
 */
export async function seedDemo(app: FastifyInstance, db: Db, baseUrl: string): Promise<void> {
  const rnd = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const api = demoApi(app, baseUrl);
  const call = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, cookie = '') => api.call(method, url, payload, { cookie });

  const cookie = await api.signUp(DEMO_FOUNDER);
  await api.signUp(DEMO_MANAGER);
  await call('POST', '/api/admin/team', { email: DEMO_MANAGER.email, role: 'manager' }, cookie);

  const clients: TWorkspaceSummary[] = [];
  for (let i = 0; i < 60; i += 1) {
    const name = `${FIRST[i % FIRST.length]} ${SECOND[(i * 7) % SECOND.length]}${i >= FIRST.length ? ` ${Math.floor(i / FIRST.length) + 1}` : ''}`;
    const owner = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
    const client = (
      await call('POST', '/api/admin/clients', { name, owner, status: rnd() < 0.8 ? 'active' : 'paused' }, cookie)
    ).json() as TWorkspaceSummary;
    const roll = rnd();
    if (roll > 0.45) {
      const plan =
        roll > 0.9
          ? { plan: 'enterprise', planMonthlyUsd: 8000 + Math.round(rnd() * 8) * 1000 }
          : { plan: 'managed', planMonthlyUsd: 2000 + Math.round(rnd() * 6) * 250 };
      await call('PATCH', `/api/admin/clients/${client.id}`, plan, cookie);
    }
    if (i % 5 === 0) await call('POST', `/api/admin/clients/${client.id}/manager`, { email: DEMO_MANAGER.email }, cookie);
    if (i < 45) {
      const channels = ONBOARDING_CHANNELS.filter(() => rnd() < 0.4);
      await call('POST', '/api/onboarding/submit', {
        name: `${pick(['Alex', 'Sam', 'Jo', 'Riley', 'Morgan', 'Taylor'])} ${pick(['Lee', 'Diaz', 'Kim', 'Novak', 'Okafor'])}`,
        email: owner,
        brand: name,
        website: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com`,
        instagram: `@${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
        goals: pick([
          'Double reach on short video by next quarter',
          'Turn the podcast into daily clips',
          'Launch a weekly newsletter and grow it to 10k',
        ]),
        pillars: pick(['Behind the scenes, tutorials, customer stories', 'Education first, playful voice', 'Premium, calm, expert']),
        channels: channels.length ? channels : ['Instagram'],
        cadence: pick(['Daily', '3x per week', 'Weekly', '5 posts and 2 videos a week']),
        approvalFlow: pick(['Founder approves everything', 'Marketing lead signs off on Fridays', '']),
        notes: '',
      });
    }
    clients.push(client);
  }

  // Every client and questionnaire opened an onboarding request already; add some support ones.
  for (let i = 0; i < 20; i += 1) {
    const client = pick(clients);
    await call(
      'POST',
      '/api/admin/requests',
      {
        type: 'support',
        subject: pick(['Change posting times', 'New brand colours', 'Add TikTok', 'Invoice question', 'Pause for August']),
        requester: client.owner,
      },
      cookie,
    );
  }
  const all = await db.selectFrom('request').select('id').execute();
  for (const { id } of all) {
    const status = pick(['open', 'open', 'in_progress', 'closed'] as const);
    if (status !== 'open') await call('PATCH', `/api/admin/requests/${id}`, { status }, cookie);
    if (rnd() < 0.3)
      await call(
        'POST',
        `/api/admin/requests/${id}/notes`,
        { note: pick(['Called the client', 'Waiting on assets', 'Draft sent for approval']) },
        cookie,
      );
  }

  // Spread the history over the last 90 days.
  const now = Date.now();
  for (const table of ['workspace', 'request'] as const) {
    for (const { id } of await db.selectFrom(table).select('id').execute()) {
      await db
        .updateTable(table)
        .set({ createdAt: new Date(now - rnd() * 90 * DAY_MS).toISOString() })
        .where('id', '=', id)
        .execute();
    }
  }
  for (const { id } of await db.selectFrom('timelineEntry').select('id').execute()) {
    await db
      .updateTable('timelineEntry')
      .set({ ts: new Date(now - Math.pow(rnd(), 1.6) * 90 * DAY_MS).toISOString() })
      .where('id', '=', id)
      .execute();
  }
  // After the spread: the demo client's dates are its own.
  await seedDemoClient(api, db, cookie, DEMO_MANAGER, rnd);
}
