import { DateTime } from 'luxon';
import { HttpError } from './http-error.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant a wall-clock time ('YYYY-MM-DDTHH:mm') names in an IANA zone.
 * - A time that does not exist there (the hour skipped when clocks spring forward) moves forward by
 *   the gap: 02:30 on the last Sunday of March in Europe/Berlin is 03:30 CEST. A post set for it
 *   then goes out as soon after the intended moment as the clock allows.
 * - A time that happens twice (the hour repeated when clocks fall back) is its first occurrence:
 *   02:30 on the last Sunday of October in Europe/Berlin is 02:30 CEST (00:30 UTC), not CET.
 * A date that no calendar has (February 30) or an unknown zone is a 400.
 */
export function instantOfLocalTime(local: string, timeZone: string): Date {
  const [year, month, day, hour, minute] = (/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local) ?? []).slice(1).map(Number);
  const parsed = DateTime.fromObject({ year, month, day, hour, minute }, { zone: timeZone });
  if (year === undefined || !parsed.isValid) {
    const what = parsed.invalidReason === 'unsupported zone' ? `${timeZone} is not a known time zone` : `${local} is not a date and time`;
    throw new HttpError(400, what);
  }
  // Luxon moves a skipped time forward by the gap (what we want) but resolves a repeated time to its
  // later occurrence. The earlier one, if any, is the same wall-clock time at the offset in force a
  // day before (zones change offset at most once a day): it exists when that offset holds there.
  const offsetBefore = parsed.zone.offset(parsed.toMillis() - DAY_MS);
  const earlier = parsed.toMillis() - (offsetBefore - parsed.offset) * 60_000;
  const repeated = earlier < parsed.toMillis() && parsed.zone.offset(earlier) === offsetBefore;
  return new Date(repeated ? earlier : parsed.toMillis());
}
