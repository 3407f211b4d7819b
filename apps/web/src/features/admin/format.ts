/** Display helpers for the admin console; dates use the browser's locale and time zone. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
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

export function formatDate(value: string): string {
  const date = parse(value);
  return date ? dateOnly.format(date) : value;
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
