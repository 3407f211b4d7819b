import { describe, expect, it } from 'vitest';
import type { TDraft, TPostMetrics } from '@hookline/shared';
import { zonedWeekdayHour } from '@/lib/zoned-time';
import { computeAnalytics, engagementsOf, PERIOD_DAYS, reachOf, sampleAnalytics, seededRandom } from './compute-analytics';

let n = 0;
const draft = (over: Partial<TDraft>): TDraft => ({
  id: `d${++n}`,
  channel: 'instagram',
  type: 'post',
  text: '',
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  media: null,
  reviewState: null,
  requestId: null,
  failureReason: null,
  lateSeconds: null,
  publishedTo: null,
  postUrl: null,
  platformError: null,
  metrics: null,
  connectionId: null,
  problems: [],
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
  ...over,
});
const published = (publishedAt: string, over: Partial<TDraft> = {}) =>
  draft({ status: 'published', publishedAt, scheduledAt: publishedAt, ...over });
const metrics = (over: Partial<TPostMetrics>): TPostMetrics => ({
  views: null,
  impressions: null,
  likes: null,
  comments: null,
  reposts: null,
  fetchedAt: '2025-03-12T10:00:00.000Z',
  ...over,
});

// Wednesday, 12 March 2025, 12:00 UTC (08:00 in New York, after the DST switch on 9 March).
const NOW = new Date('2025-03-12T12:00:00.000Z');
const NY = 'America/New_York';

describe('computeAnalytics', () => {
  it('counts published posts per day of the workspace zone, over the last 30 days', () => {
    const drafts = [
      // 03:30 UTC on the 10th is 23:30 on Sunday the 9th in New York.
      published('2025-03-10T03:30:00.000Z', { channel: 'twitter' }),
      published('2025-03-12T11:00:00.000Z'),
      published('2025-03-12T11:30:00.000Z', { channel: 'linkedin' }),
      // Outside the 30 days: only in the heatmap and top posts.
      published('2025-01-01T15:00:00.000Z', { channel: 'youtube' }),
      draft({ status: 'queued', scheduledAt: '2025-03-12T13:00:00.000Z' }),
      draft({ status: 'publishing' }),
    ];
    const result = computeAnalytics(drafts, NY, NOW);
    expect(result.sample).toBe(false);
    expect(result.daily).toHaveLength(PERIOD_DAYS);
    expect(result.daily.at(-1)).toMatchObject({ day: '2025-03-12', count: 2, label: 'Mar 12' });
    expect(result.daily.find((d) => d.day === '2025-03-09')).toMatchObject({ count: 1, date: 'Sunday, March 9' });
    expect(result.daily.find((d) => d.day === '2025-03-10')?.count).toBe(0);
    expect(result.daily[0].day).toBe('2025-02-11');
    expect(result.kpis).toEqual({ publishedInPeriod: 3, activeChannels: 3, averagePerWeek: 0.7, queuedNow: 1 });
    expect(result.channels).toEqual([
      { channel: 'instagram', posts: 1, share: 1 / 3 },
      { channel: 'twitter', posts: 1, share: 1 / 3 },
      { channel: 'linkedin', posts: 1, share: 1 / 3 },
      { channel: 'youtube', posts: 0, share: 0 },
      { channel: 'mastodon', posts: 0, share: 0 },
      { channel: 'bluesky', posts: 0, share: 0 },
    ]);
  });

  it('puts every published post into its weekday and four-hour slot of the zone', () => {
    const drafts = [
      published('2025-03-10T03:30:00.000Z'), // Sunday 23:30 in New York
      published('2025-03-12T12:59:00.000Z'), // Wednesday 08:59
      published('2025-03-12T13:10:00.000Z'), // Wednesday 09:10
      published('2025-01-06T05:00:00.000Z'), // Monday 00:00 (EST)
    ];
    const { heatmap } = computeAnalytics(drafts, NY, NOW);
    expect(heatmap.counts[6][5]).toBe(1);
    expect(heatmap.counts[2][2]).toBe(2);
    expect(heatmap.counts[0][0]).toBe(1);
    expect(heatmap.counts.flat().reduce((a, b) => a + b, 0)).toBe(4);
    expect(heatmap.max).toBe(2);
    expect(heatmap.basis).toBe(4);
    // The same instants in Tokyo land elsewhere.
    const tokyo = computeAnalytics(drafts, 'Asia/Tokyo', NOW).heatmap.counts;
    expect(tokyo[0][3]).toBe(2); // Monday 12:30 and Monday 14:00
    expect(tokyo[2][5]).toBe(2); // Wednesday 21:59 and 22:10
  });

  it('lists the latest published posts as top posts, newest first, without made-up figures, while none has any', () => {
    const drafts = Array.from({ length: 7 }, (_, i) => published(`2025-03-0${i + 1}T10:00:00.000Z`, { text: `Post ${i + 1}` }));
    const { topPosts, audience } = computeAnalytics(drafts, 'UTC', NOW);
    expect(topPosts.map((post) => post.text)).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']);
    expect(topPosts.every((post) => post.reach === null && post.engagements === null && !post.sample)).toBe(true);
    // No figures: every audience KPI is the labelled sample.
    expect(audience).toEqual(sampleAnalytics('UTC', NOW).audience);
    expect(Object.values(audience).every((figure) => figure.sample)).toBe(true);
  });

  it("takes reach and engagement from the networks' figures of the period's posts", () => {
    const drafts = [
      published('2025-03-11T10:00:00.000Z', {
        text: 'Views',
        metrics: metrics({ views: 1000, impressions: 5000, likes: 40, comments: 5, reposts: 5 }),
      }),
      // No views: its impressions are its reach.
      published('2025-03-10T10:00:00.000Z', { text: 'Impressions', metrics: metrics({ impressions: 3000, likes: 90, comments: 10 }) }),
      // No reach at all (Mastodon): its likes do not raise the rate.
      published('2025-03-09T10:00:00.000Z', { text: 'Boosted', channel: 'mastodon', metrics: metrics({ likes: 500, reposts: 200 }) }),
      published('2025-03-08T10:00:00.000Z', { text: 'Not fetched yet' }),
      // Outside the 30 days: not in the KPIs, still among the top posts.
      published('2025-01-02T10:00:00.000Z', { text: 'Old hit', metrics: metrics({ views: 90_000, likes: 4000 }) }),
    ];
    const { audience, topPosts } = computeAnalytics(drafts, 'UTC', NOW);
    expect(audience.totalReach).toEqual({ value: 4000, sample: false });
    expect(audience.engagementRate.sample).toBe(false);
    expect(audience.engagementRate.value).toBeCloseTo((150 / 4000) * 100);
    // No network reports these.
    expect(audience.clickThroughRate.sample).toBe(true);
    expect(audience.bookings.sample).toBe(true);

    expect(topPosts.map(({ text, reach, engagements, sample }) => [text, reach, engagements, sample])).toEqual([
      ['Old hit', 90_000, 4000, false],
      ['Boosted', null, 700, false],
      ['Impressions', 3000, 100, false],
      ['Views', 1000, 50, false],
      ['Not fetched yet', null, null, false],
    ]);
  });

  it('keeps the reach and engagement samples while only posts outside the period have figures', () => {
    const drafts = [published('2025-03-11T10:00:00.000Z'), published('2025-01-02T10:00:00.000Z', { metrics: metrics({ views: 10 }) })];
    const { audience } = computeAnalytics(drafts, 'UTC', NOW);
    expect(audience.totalReach.sample).toBe(true);
    expect(audience.engagementRate.sample).toBe(true);
  });

  it('falls back to the sample when nothing was published', () => {
    const drafts = [draft({}), draft({ status: 'queued', scheduledAt: '2025-03-12T13:00:00.000Z' }), draft({ status: 'publishing' })];
    const result = computeAnalytics(drafts, NY, NOW);
    expect(result.sample).toBe(true);
    expect(result).toEqual(sampleAnalytics(NY, NOW));
  });
});

describe('sampleAnalytics', () => {
  it('is the same on every call: seeded, never re-randomised', () => {
    const first = sampleAnalytics('UTC', NOW);
    expect(sampleAnalytics('UTC', NOW)).toEqual(first);
    // A reload on another day keeps every number; only the dates move.
    const later = sampleAnalytics('UTC', new Date('2025-06-01T08:00:00.000Z'));
    expect(later.daily.map((d) => d.count)).toEqual(first.daily.map((d) => d.count));
    expect(later.kpis).toEqual(first.kpis);
    expect(later.heatmap).toEqual(first.heatmap);
    expect(later.audience).toEqual(first.audience);
    expect(later.topPosts.map((p) => p.reach)).toEqual(first.topPosts.map((p) => p.reach));
  });

  it('is internally consistent', () => {
    const sample = sampleAnalytics('UTC', NOW);
    expect(sample.sample).toBe(true);
    expect(sample.daily).toHaveLength(PERIOD_DAYS);
    const total = sample.daily.reduce((sum, d) => sum + d.count, 0);
    expect(sample.kpis.publishedInPeriod).toBe(total);
    expect(sample.channels.reduce((sum, c) => sum + c.posts, 0)).toBe(total);
    expect(sample.channels.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1);
    expect(sample.heatmap.counts).toHaveLength(7);
    expect(sample.heatmap.counts.every((row) => row.length === 6)).toBe(true);
    const engagements = sample.topPosts.map((p) => p.engagements);
    expect(engagements).toEqual([...engagements].sort((a, b) => b! - a!));
    expect(sample.topPosts.every((p) => p.sample && p.reach !== null)).toBe(true);
    expect(Object.values(sample.audience).every((figure) => figure.sample)).toBe(true);
    expect(sample.audience.engagementRate.value).toBeGreaterThan(0);
  });
});

describe('reachOf and engagementsOf', () => {
  it('reads views, else impressions; and adds what was reported of likes, comments and reposts', () => {
    expect(reachOf(metrics({ views: 0, impressions: 50 }))).toBe(0);
    expect(reachOf(metrics({ impressions: 50 }))).toBe(50);
    expect(reachOf(metrics({}))).toBeNull();
    expect(reachOf(null)).toBeNull();
    expect(engagementsOf(metrics({ likes: 2, reposts: 3 }))).toBe(5);
    expect(engagementsOf(metrics({ likes: 0 }))).toBe(0);
    expect(engagementsOf(metrics({ views: 9 }))).toBeNull();
    expect(engagementsOf(null)).toBeNull();
  });
});

describe('seededRandom', () => {
  it('gives the same sequence for the same seed, in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(seededRandom(43)()).not.toBe(values[0]);
  });
});

describe('zonedWeekdayHour', () => {
  it('reads weekday (Monday = 0) and hour in the zone', () => {
    expect(zonedWeekdayHour(new Date('2025-03-10T03:30:00.000Z'), NY)).toEqual({ weekday: 6, hour: 23 });
    expect(zonedWeekdayHour(new Date('2025-03-10T00:00:00.000Z'), 'UTC')).toEqual({ weekday: 0, hour: 0 });
  });
});
