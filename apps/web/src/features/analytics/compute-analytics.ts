import { DRAFT_CHANNELS, type TDraft, type TDraftChannel, type TDraftType, type TPostMetrics } from '@hookline/shared';
import { formatDayKey, lastDayKeys, shiftDayKey, zonedDayKey, zonedWeekdayHour } from '@/lib/zoned-time';

/** The period of the KPIs, the daily chart and the channel breakdown. */
export const PERIOD_DAYS = 30;
/** Best posting times: 7 weekdays (Monday first) × 6 four-hour buckets of the workspace zone. */
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const BUCKET_HOURS = 4;
export const BUCKET_LABELS = ['00–04', '04–08', '08–12', '12–16', '16–20', '20–24'] as const;
const TOP_POSTS = 5;

export interface DayCount {
  /** 'YYYY-MM-DD' in the workspace zone. */
  day: string;
  /** Axis label ("Mar 4"). */
  label: string;
  /** Long label ("Tuesday, March 4"). */
  date: string;
  count: number;
}

export interface ChannelShare {
  channel: TDraftChannel;
  posts: number;
  /** 0..1 of the period's posts. */
  share: number;
}

export interface TopPost {
  id: string;
  channel: TDraftChannel;
  type: TDraftType;
  text: string;
  publishedAt: string;
  /** Views, or impressions where its network reports no views; null until its network reports either. */
  reach: number | null;
  /** Likes, comments and reposts; null until its network reports any of them. */
  engagements: number | null;
  /** A generated example, not a post of the workspace. */
  sample: boolean;
}

/** One audience figure; sample when no network reported what it needs, so it is a generated example. */
export interface AudienceFigure {
  value: number;
  sample: boolean;
}

/**
 * The audience KPIs. Reach and engagement come from the networks' figures of the period's posts;
 * no network reports clicks or bookings to Hookline, so those two are always sample.
 */
export interface AudienceMetrics {
  totalReach: AudienceFigure;
  /** Percent: likes, comments and reposts per view (or impression). */
  engagementRate: AudienceFigure;
  /** Percent. */
  clickThroughRate: AudienceFigure;
  bookings: AudienceFigure;
}

export interface Analytics {
  /** True when nothing was published yet and every number below is generated sample data. */
  sample: boolean;
  kpis: { publishedInPeriod: number; activeChannels: number; averagePerWeek: number; queuedNow: number };
  daily: DayCount[];
  channels: ChannelShare[];
  /** counts[weekday][bucket]; basis = how many posts it counts. */
  heatmap: { counts: number[][]; max: number; basis: number };
  topPosts: TopPost[];
  audience: AudienceMetrics;
}

const emptyHeatmap = () => WEEKDAY_LABELS.map(() => BUCKET_LABELS.map(() => 0));

function dayCounts(keys: string[], counts: Map<string, number>): DayCount[] {
  return keys.map((day) => ({
    day,
    label: formatDayKey(day, { month: 'short', day: 'numeric' }),
    date: formatDayKey(day, { weekday: 'long', month: 'long', day: 'numeric' }),
    count: counts.get(day) ?? 0,
  }));
}

function channelShares(counts: Map<TDraftChannel, number>): ChannelShare[] {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return DRAFT_CHANNELS.map((channel) => {
    const posts = counts.get(channel) ?? 0;
    return { channel, posts, share: total === 0 ? 0 : posts / total };
  }).sort((a, b) => b.posts - a.posts || DRAFT_CHANNELS.indexOf(a.channel) - DRAFT_CHANNELS.indexOf(b.channel));
}

const perWeek = (posts: number) => Math.round((posts / (PERIOD_DAYS / 7)) * 10) / 10;
const maxOf = (rows: number[][]) => Math.max(0, ...rows.flat());

/** A post's reach: its views, or its impressions where its network reports no views; null without either. */
export const reachOf = (metrics: TPostMetrics | null) => metrics?.views ?? metrics?.impressions ?? null;

/** A post's likes, comments and reposts together; null when its network reported none of them. */
export function engagementsOf(metrics: TPostMetrics | null): number | null {
  const counts = metrics ? [metrics.likes, metrics.comments, metrics.reposts].filter((count) => count !== null) : [];
  return counts.length === 0 ? null : counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Total reach and engagement rate of the posts with a reach; the rate counts only their
 * engagements, so a network that reports likes but no views does not inflate it. Sample figures
 * where no post has a reach.
 */
function audienceOf(posts: readonly TDraft[]): AudienceMetrics {
  const sample = sampleAudience();
  let reach = 0;
  let engagements = 0;
  let measured = 0;
  for (const { metrics } of posts) {
    const postReach = reachOf(metrics);
    if (postReach === null) continue;
    measured += 1;
    reach += postReach;
    engagements += engagementsOf(metrics) ?? 0;
  }
  if (measured === 0) return sample;
  return {
    ...sample,
    totalReach: { value: reach, sample: false },
    engagementRate: { value: reach === 0 ? 0 : (engagements / reach) * 100, sample: false },
  };
}

/** Posts with figures first, by engagements then reach; then the rest, newest first (the order they come in). */
function byEngagement(a: TopPost, b: TopPost): number {
  if ((a.engagements === null) !== (b.engagements === null)) return a.engagements === null ? 1 : -1;
  return (b.engagements ?? 0) - (a.engagements ?? 0) || (b.reach ?? 0) - (a.reach ?? 0);
}

/** Analytics of the workspace's published drafts; the seeded sample when nothing was published yet. */
export function computeAnalytics(drafts: readonly TDraft[], timeZone: string, now: Date): Analytics {
  const published = drafts
    .filter((draft): draft is TDraft & { publishedAt: string } => draft.status === 'published' && draft.publishedAt !== null)
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  const queuedNow = drafts.filter((draft) => draft.status === 'queued').length;
  if (published.length === 0) return sampleAnalytics(timeZone, now);

  const keys = lastDayKeys(now, timeZone, PERIOD_DAYS);
  const inPeriod = new Set(keys);
  const perDay = new Map<string, number>();
  const perChannel = new Map<TDraftChannel, number>();
  const periodPosts: TDraft[] = [];
  const heatmap = emptyHeatmap();
  for (const draft of published) {
    const at = new Date(draft.publishedAt);
    const { weekday, hour } = zonedWeekdayHour(at, timeZone);
    if (weekday >= 0) heatmap[weekday][Math.floor(hour / BUCKET_HOURS)] += 1;
    const day = zonedDayKey(at, timeZone);
    if (!inPeriod.has(day)) continue;
    periodPosts.push(draft);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    perChannel.set(draft.channel, (perChannel.get(draft.channel) ?? 0) + 1);
  }
  const publishedInPeriod = [...perDay.values()].reduce((sum, n) => sum + n, 0);

  return {
    sample: false,
    kpis: { publishedInPeriod, activeChannels: perChannel.size, averagePerWeek: perWeek(publishedInPeriod), queuedNow },
    daily: dayCounts(keys, perDay),
    channels: channelShares(perChannel),
    heatmap: { counts: heatmap, max: maxOf(heatmap), basis: published.length },
    topPosts: published
      .map(({ id, channel, type, text, publishedAt, metrics }) => ({
        id,
        channel,
        type,
        text,
        publishedAt,
        reach: reachOf(metrics),
        engagements: engagementsOf(metrics),
        sample: false,
      }))
      .sort(byEngagement)
      .slice(0, TOP_POSTS),
    audience: audienceOf(periodPosts),
  };
}

/** mulberry32: a small seeded PRNG, so the sample is the same on every render and reload. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SAMPLE_SEED = 0x5eed_2025;

function sampleAudience(): AudienceMetrics {
  const random = seededRandom(SAMPLE_SEED ^ 0xa0d1);
  const sample = (value: number) => ({ value, sample: true });
  return {
    totalReach: sample(40_000 + Math.round(random() * 80_000)),
    engagementRate: sample(Math.round((2 + random() * 4) * 10) / 10),
    clickThroughRate: sample(Math.round((0.8 + random() * 2.2) * 10) / 10),
    bookings: sample(6 + Math.floor(random() * 18)),
  };
}

const SAMPLE_POSTS: Array<{ channel: TDraftChannel; type: TDraftType; text: string }> = [
  { channel: 'instagram', type: 'reel', text: '3 hooks that doubled our watch time (save this for your next reel)' },
  { channel: 'linkedin', type: 'post', text: 'What we learned shipping 60 posts in 30 days without burning out' },
  { channel: 'youtube', type: 'video', text: 'Full breakdown: our content system from idea to publish' },
  { channel: 'twitter', type: 'thread', text: 'A thread on repurposing one long video into ten short ones' },
  { channel: 'instagram', type: 'post', text: 'Behind the scenes of this week’s shoot' },
];

/**
 * Generated example analytics for a workspace that has not published yet. Every value comes from
 * a fixed seed, so the numbers never change between renders or reloads; only the dates follow today.
 */
export function sampleAnalytics(timeZone: string, now: Date): Analytics {
  const random = seededRandom(SAMPLE_SEED);
  const keys = lastDayKeys(now, timeZone, PERIOD_DAYS);
  const perDay = new Map<string, number>();
  keys.forEach((key, index) => {
    const weekend = index % 7 === 5 || index % 7 === 6;
    perDay.set(key, Math.floor(random() * (weekend ? 2 : 4)) + (random() < 0.6 ? 1 : 0));
  });
  const publishedInPeriod = [...perDay.values()].reduce((sum, n) => sum + n, 0);

  const weights: Record<TDraftChannel, number> = {
    instagram: 0.35,
    linkedin: 0.2,
    twitter: 0.15,
    youtube: 0.15,
    mastodon: 0.05,
    bluesky: 0.1,
  };
  const perChannel = new Map<TDraftChannel, number>();
  let assigned = 0;
  DRAFT_CHANNELS.forEach((channel, index) => {
    const posts = index === DRAFT_CHANNELS.length - 1 ? publishedInPeriod - assigned : Math.round(publishedInPeriod * weights[channel]);
    perChannel.set(channel, posts);
    assigned += posts;
  });

  // Busier on weekday mornings and early evenings, quiet at night.
  const bucketBias = [0, 0.5, 3, 2, 3.5, 1.5];
  const heatmap = WEEKDAY_LABELS.map((_, weekday) =>
    BUCKET_LABELS.map((__, bucket) => Math.round(random() * 2 + bucketBias[bucket] * (weekday >= 5 ? 0.6 : 1))),
  );

  const today = zonedDayKey(now, timeZone);
  const topPosts = SAMPLE_POSTS.map((post, index) => {
    const reach = 2_000 + Math.round(random() * 18_000);
    return {
      id: `sample-${index + 1}`,
      ...post,
      // Noon UTC of a past day: a stable instant for the day, whatever the zone.
      publishedAt: `${shiftDayKey(today, -(2 + index * 4))}T12:00:00.000Z`,
      reach,
      engagements: Math.round(reach * (0.02 + random() * 0.05)),
      sample: true,
    };
  }).sort(byEngagement);

  return {
    sample: true,
    kpis: {
      publishedInPeriod,
      activeChannels: DRAFT_CHANNELS.length,
      averagePerWeek: perWeek(publishedInPeriod),
      queuedNow: 2 + Math.floor(random() * 5),
    },
    daily: dayCounts(keys, perDay),
    channels: channelShares(perChannel),
    heatmap: { counts: heatmap, max: maxOf(heatmap), basis: heatmap.flat().reduce((sum, n) => sum + n, 0) },
    topPosts,
    audience: sampleAudience(),
  };
}
