import type { TCalendarPost } from '@hookline/shared';
import { formatDayKey, shiftDayKey, weekdayOfDayKey, zonedLocalDateTime } from '@/lib/zoned-time';

export type CalendarView = 'week' | 'month';

const HOUR_MS = 60 * 60 * 1000;

/** The Monday of the week that holds the day (weeks start on Monday). */
const weekStart = (day: string) => shiftDayKey(day, -weekdayOfDayKey(day));

/** The days a view shows around the anchor day: its week, or the six weeks that hold its month. */
export function visibleDays(view: CalendarView, anchor: string): string[] {
  const first = view === 'week' ? weekStart(anchor) : weekStart(`${anchor.slice(0, 8)}01`);
  return Array.from({ length: view === 'week' ? 7 : 42 }, (_, index) => shiftDayKey(first, index));
}

/** The anchor one week or one month before (step −1) or after (step 1); a month step lands on its 1st. */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === 'week') return shiftDayKey(anchor, 7 * step);
  const [year, month] = anchor.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + step, 1)).toISOString().slice(0, 10);
}

/** "March 2026", or "Mar 2 – Mar 8, 2026" for a week. */
export function viewTitle(view: CalendarView, anchor: string, days: string[]): string {
  if (view === 'month') return formatDayKey(anchor, { month: 'long', year: 'numeric' });
  return `${formatDayKey(days[0], { month: 'short', day: 'numeric' })} – ${formatDayKey(days[days.length - 1], { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

/**
 * The instants to ask the server for, so that every post on these days is in the answer whatever
 * the zone: the days from midnight UTC, widened by 14 hours on each side (no zone is further from
 * UTC). Posts the widening brings in fall on days not shown and are not placed.
 */
export function fetchRange(days: string[]): { from: string; to: string } {
  const start = Date.parse(`${days[0]}T00:00:00Z`) - 14 * HOUR_MS;
  const end = Date.parse(`${shiftDayKey(days[days.length - 1], 1)}T00:00:00Z`) + 14 * HOUR_MS;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** Where a post sits: a published one when it went out, any other when it is planned. */
export function postTime(post: Pick<TCalendarPost, 'status' | 'scheduledAt' | 'publishedAt'>): string | null {
  return post.status === 'published' ? (post.publishedAt ?? post.scheduledAt) : (post.scheduledAt ?? post.publishedAt);
}

/** Posts the scheduler has not taken yet (or gave up on) can be given another time. */
export const canMove = (post: Pick<TCalendarPost, 'status'>) =>
  post.status === 'queued' || post.status === 'failed' || post.status === 'held';

export interface PlacedPost<T> {
  post: T;
  /** The instant it is placed at (postTime). */
  at: string;
  /** Its wall-clock time in the shown zone, 'YYYY-MM-DDTHH:mm'. */
  local: string;
  day: string;
  hour: number;
}

/** The posts by day (day key → posts in time order) in the zone. */
export function placePosts<T extends TCalendarPost>(posts: T[], timeZone: string): Map<string, PlacedPost<T>[]> {
  const byDay = new Map<string, PlacedPost<T>[]>();
  for (const post of posts) {
    const at = postTime(post);
    if (!at) continue;
    const local = zonedLocalDateTime(new Date(at), timeZone);
    const day = local.slice(0, 10);
    const placed = { post, at, local, day, hour: Number(local.slice(11, 13)) };
    byDay.set(day, [...(byDay.get(day) ?? []), placed]);
  }
  for (const list of byDay.values()) list.sort((a, b) => a.local.localeCompare(b.local));
  return byDay;
}

/**
 * The wall-clock time a post dropped on a day (and, in the week view, an hour) moves to: that day
 * at its own time of day, or at that hour with its own minutes.
 */
export function dropTarget(local: string, day: string, hour?: number): string {
  const hh = hour === undefined ? local.slice(11, 13) : String(hour).padStart(2, '0');
  return `${day}T${hh}:${local.slice(14, 16)}`;
}

/** The first words of a post, to name it on a chip or in an announcement. */
export function firstWords(text: string, count = 8): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}…` : words.join(' ');
}
