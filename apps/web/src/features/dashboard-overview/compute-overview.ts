import { QUEUE_OFFSET_MS, type TDraft, type TSocialConnection } from '@hookline/shared';
import { formatDayKey, lastDayKeys, zonedDayKey } from '@/lib/zoned-time';

export interface DayCount {
  /** 'YYYY-MM-DD' in the workspace zone. */
  day: string;
  /** Short label for the axis ("Tue"). */
  label: string;
  /** Long label for the summary and table ("Tuesday, March 4"). */
  date: string;
  count: number;
}

/** Queued drafts right now (the Queue stat card). */
export const queuedCount = (drafts: readonly TDraft[]) => drafts.filter((draft) => draft.status === 'queued').length;

/** Published drafts per calendar day of the zone, over the last `days` days ending today, oldest first. */
export function publishedPerDay(drafts: readonly TDraft[], timeZone: string, now: Date, days = 7): DayCount[] {
  const keys = lastDayKeys(now, timeZone, days);
  const counts = new Map(keys.map((key) => [key, 0]));
  for (const draft of drafts) {
    if (draft.status !== 'published' || !draft.publishedAt) continue;
    const key = zonedDayKey(new Date(draft.publishedAt), timeZone);
    const count = counts.get(key);
    if (count !== undefined) counts.set(key, count + 1);
  }
  return keys.map((day) => ({
    day,
    label: formatDayKey(day, { weekday: 'short' }),
    date: formatDayKey(day, { weekday: 'long', month: 'long', day: 'numeric' }),
    count: counts.get(day) ?? 0,
  }));
}

export type DraftEventKind = 'created' | 'queued' | 'publishing' | 'published';
export interface DraftEvent {
  key: string;
  kind: DraftEventKind;
  /** When it happened (ISO). */
  at: string;
  draft: TDraft;
}

/**
 * The latest draft events, newest first. Each draft gives its creation and, by its status, the moment
 * it was queued (scheduledAt minus the queue offset), started publishing (updatedAt) or was published.
 */
export function recentDraftEvents(drafts: readonly TDraft[], limit = 6): DraftEvent[] {
  const events: DraftEvent[] = [];
  for (const draft of drafts) {
    events.push({ key: `${draft.id}:created`, kind: 'created', at: draft.createdAt, draft });
    if (draft.status === 'queued' && draft.scheduledAt)
      events.push({
        key: `${draft.id}:queued`,
        kind: 'queued',
        at: new Date(new Date(draft.scheduledAt).getTime() - QUEUE_OFFSET_MS).toISOString(),
        draft,
      });
    if (draft.status === 'publishing') events.push({ key: `${draft.id}:publishing`, kind: 'publishing', at: draft.updatedAt, draft });
    if (draft.status === 'published' && draft.publishedAt)
      events.push({ key: `${draft.id}:published`, kind: 'published', at: draft.publishedAt, draft });
  }
  return events.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.key.localeCompare(a.key)).slice(0, limit);
}

/** Queued drafts, soonest first. */
export function upcomingDrafts(drafts: readonly TDraft[], limit = 5): TDraft[] {
  return drafts
    .filter((draft): draft is TDraft & { scheduledAt: string } => draft.status === 'queued' && draft.scheduledAt !== null)
    .sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt))
    .slice(0, limit);
}

/** True when at least one channel is connected and healthy enough to publish. */
export const hasConnectedChannel = (connections: readonly TSocialConnection[]) =>
  connections.some((connection) => connection.status === 'connected');

/** The first line of a draft's text, shortened. */
export function excerpt(text: string, max = 80): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
