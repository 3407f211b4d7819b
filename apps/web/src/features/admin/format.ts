/** Display helpers for the admin console; dates use the browser's locale and time zone. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeWithSeconds = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat();

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO time as a local date and time; text that is not a date is shown as it is. */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? dateTime.format(date) : value;
}

/** "3:52:10 PM": a time of today, to the second. */
export function formatTime(value: string): string {
  const date = parse(value);
  return date ? timeWithSeconds.format(date) : value;
}

export function formatDate(value: string): string {
  const date = parse(value);
  return date ? dateOnly.format(date) : value;
}

// English words around it ('expires in 3 days'), so English numbers too.
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** When an access token runs out, from `now` (ms): 'expires in 3 days', 'expired 2 hours ago'. */
export function formatExpiry(value: string, now: number): string {
  const date = parse(value);
  if (!date) return value;
  const left = date.getTime() - now;
  const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(left) >= size) ?? RELATIVE_UNITS[RELATIVE_UNITS.length - 1];
  const text = relative.format(Math.round(left / size), unit);
  return left >= 0 ? `expires ${text}` : `expired ${text}`;
}

export const formatUsd = (amount: number) => usd.format(amount);
export const formatCount = (value: number) => count.format(value);

/** 'in_progress' → 'in progress': underscores read as spaces. */
export const humanize = (value: string) => value.replaceAll('_', ' ');

/** 'in_progress' → 'In progress'. */
export const sentenceCase = (value: string) => {
  const text = humanize(value);
  return text.charAt(0).toUpperCase() + text.slice(1);
};
