/** Times of the content page, in the workspace's zone (or the browser's when it has none). */

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { timeZone, ...options });
    formatters.set(key, format);
  }
  return format;
}

const dayKey = (date: Date, timeZone: string) => formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** "3:15 PM" today, "Mar 4, 3:15 PM" on another day, with the year when it is not this year. */
export function formatWhen(iso: string, timeZone: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (dayKey(date, timeZone) === dayKey(now, timeZone)) return formatter(timeZone, { timeStyle: 'short' }).format(date);
  const sameYear = formatter(timeZone, { year: 'numeric' }).format(date) === formatter(timeZone, { year: 'numeric' }).format(now);
  return formatter(
    timeZone,
    sameYear ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
}

/** The full date and time, for a title attribute. */
export function formatFull(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(timeZone, { dateStyle: 'full', timeStyle: 'long' }).format(date);
}
