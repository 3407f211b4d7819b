/** Calendar days, weekdays, hours and times in an IANA zone, without a date library. */

/** The browser's own IANA zone ("Europe/Berlin"); UTC when it cannot tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A cached Intl.DateTimeFormat for the zone and options (the user's locale unless one is given). */
export function formatterFor(timeZone: string, options: Intl.DateTimeFormatOptions, locale: string | undefined = undefined) {
  const key = `${locale ?? ''}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formatters.set(key, format);
  }
  return format;
}

/** The calendar day of an instant in the zone, as 'YYYY-MM-DD'. */
export function zonedDayKey(date: Date, timeZone: string): string {
  return formatterFor(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(date);
}

/**
 * The wall-clock date and time of an instant in the zone, as 'YYYY-MM-DDTHH:mm' (what a
 * datetime-local field holds, and what the server takes with a zone to name an instant).
 */
export function zonedLocalDateTime(date: Date, timeZone: string): string {
  const parts = formatterFor(
    timeZone,
    { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    'en-CA',
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The weekday of a day key (0 = Monday … 6 = Sunday), independent of any zone. */
export function weekdayOfDayKey(key: string): number {
  const [year, month, day] = key.split('-').map(Number);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** The day key `offset` days after key (negative for before): calendar arithmetic, so DST cannot skip a day. */
export function shiftDayKey(key: string, offset: number): string {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/** The n day keys ending with today in the zone, oldest first. */
export function lastDayKeys(now: Date, timeZone: string, days: number): string[] {
  const today = zonedDayKey(now, timeZone);
  return Array.from({ length: days }, (_, index) => shiftDayKey(today, index - (days - 1)));
}

/** A day key shown with these options (weekday, month, day), independent of any zone. */
export function formatDayKey(key: string, options: Intl.DateTimeFormatOptions): string {
  const [year, month, day] = key.split('-').map(Number);
  return formatterFor('UTC', options).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The weekday (0 = Monday … 6 = Sunday) and hour (0–23) of an instant in the zone. */
export function zonedWeekdayHour(date: Date, timeZone: string): { weekday: number; hour: number } {
  const parts = formatterFor(timeZone, { weekday: 'short', hour: 'numeric', hourCycle: 'h23' }, 'en-US').formatToParts(date);
  const weekday = WEEKDAYS.indexOf(parts.find((part) => part.type === 'weekday')?.value ?? '');
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0) % 24;
  return { weekday, hour };
}

/** "Mar 4, 3:15 PM" (with the year when it is not this year). */
export function formatDateTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = zonedDayKey(date, timeZone).slice(0, 4) === zonedDayKey(now, timeZone).slice(0, 4);
  return formatterFor(
    timeZone,
    sameYear ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
}

/** "3:15 PM" today, "Mar 4, 3:15 PM" on another day of this year, else with the year. */
export function formatWhen(iso: string, timeZone: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (zonedDayKey(date, timeZone) === zonedDayKey(now, timeZone)) return formatterFor(timeZone, { timeStyle: 'short' }).format(date);
  return formatDateTime(iso, timeZone, now);
}

/** The full date and time, for a title attribute. */
export function formatFull(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatterFor(timeZone, { dateStyle: 'full', timeStyle: 'long' }).format(date);
}
