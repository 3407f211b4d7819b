import { formatDateTime } from '@/lib/zoned-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let relative: Intl.RelativeTimeFormat | undefined;

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; from a week on the date
 * and time in the zone, which reads better than "3 weeks ago" in a conversation.
 */
export function formatRelative(iso: string, timeZone: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return iso;
  // A clock a little ahead of the browser's still reads as now.
  if (elapsed < MINUTE) return 'just now';
  relative ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatDateTime(iso, timeZone, now);
}

/** A delay in words: "3 minutes", "2 hours", "1 day" (rounded down to the largest whole unit). */
export function formatDuration(seconds: number): string {
  const ms = seconds * 1000;
  const [amount, unit] =
    ms < HOUR ? [Math.floor(ms / MINUTE), 'minute'] : ms < DAY ? [Math.floor(ms / HOUR), 'hour'] : [Math.floor(ms / DAY), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
