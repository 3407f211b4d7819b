import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { slotInstantsAfter } from './find-next-posting-time.ts';

/** A Monday 09:00 slot and a Sunday 02:30 slot, the latter in the hour clocks skip or repeat. */
const SLOTS = [
  { weekday: 1, time: '09:00' },
  { weekday: 7, time: '02:30' },
];

/** The first slot instants after `after`, each as UTC and as the wall-clock time in the zone. */
function firstSlots(timeZone: string, after: string, count: number) {
  return [...slotInstantsAfter(SLOTS, timeZone, new Date(after))]
    .slice(0, count)
    .map((instant) => [instant.toISOString(), DateTime.fromJSDate(instant, { zone: timeZone }).toFormat('ccc yyyy-MM-dd HH:mm ZZ')]);
}

describe('the weekly slot walk across daylight-saving changes', () => {
  it('Europe/Berlin springs forward on 2026-03-29: 09:00 stays 09:00, 02:30 that day is 03:30', () => {
    expect(firstSlots('Europe/Berlin', '2026-03-21T12:00:00Z', 5)).toEqual([
      ['2026-03-22T01:30:00.000Z', 'Sun 2026-03-22 02:30 +01:00'],
      ['2026-03-23T08:00:00.000Z', 'Mon 2026-03-23 09:00 +01:00'],
      ['2026-03-29T01:30:00.000Z', 'Sun 2026-03-29 03:30 +02:00'],
      ['2026-03-30T07:00:00.000Z', 'Mon 2026-03-30 09:00 +02:00'],
      ['2026-04-05T00:30:00.000Z', 'Sun 2026-04-05 02:30 +02:00'],
    ]);
  });

  it('Europe/Berlin falls back on 2026-10-25: 02:30 that day is its first occurrence (summer time)', () => {
    expect(firstSlots('Europe/Berlin', '2026-10-17T12:00:00Z', 5)).toEqual([
      ['2026-10-18T00:30:00.000Z', 'Sun 2026-10-18 02:30 +02:00'],
      ['2026-10-19T07:00:00.000Z', 'Mon 2026-10-19 09:00 +02:00'],
      ['2026-10-25T00:30:00.000Z', 'Sun 2026-10-25 02:30 +02:00'],
      ['2026-10-26T08:00:00.000Z', 'Mon 2026-10-26 09:00 +01:00'],
      ['2026-11-01T01:30:00.000Z', 'Sun 2026-11-01 02:30 +01:00'],
    ]);
  });

  it('America/New_York springs forward on 2026-03-08: 02:30 that day is 03:30 EDT', () => {
    expect(firstSlots('America/New_York', '2026-02-28T12:00:00Z', 5)).toEqual([
      ['2026-03-01T07:30:00.000Z', 'Sun 2026-03-01 02:30 -05:00'],
      ['2026-03-02T14:00:00.000Z', 'Mon 2026-03-02 09:00 -05:00'],
      ['2026-03-08T07:30:00.000Z', 'Sun 2026-03-08 03:30 -04:00'],
      ['2026-03-09T13:00:00.000Z', 'Mon 2026-03-09 09:00 -04:00'],
      ['2026-03-15T06:30:00.000Z', 'Sun 2026-03-15 02:30 -04:00'],
    ]);
  });

  it('America/New_York falls back on 2026-11-01: 09:00 moves from 13:00 to 14:00 UTC', () => {
    expect(firstSlots('America/New_York', '2026-10-24T12:00:00Z', 5)).toEqual([
      ['2026-10-25T06:30:00.000Z', 'Sun 2026-10-25 02:30 -04:00'],
      ['2026-10-26T13:00:00.000Z', 'Mon 2026-10-26 09:00 -04:00'],
      ['2026-11-01T07:30:00.000Z', 'Sun 2026-11-01 02:30 -05:00'],
      ['2026-11-02T14:00:00.000Z', 'Mon 2026-11-02 09:00 -05:00'],
      ['2026-11-08T07:30:00.000Z', 'Sun 2026-11-08 02:30 -05:00'],
    ]);
  });

  it('starts strictly after the given instant, on its day in the zone, and counts a slot once when two meet', () => {
    // 23:30 UTC on Sunday 2026-03-22 is already Monday 00:30 in Berlin: the Monday slot is the first.
    expect(firstSlots('Europe/Berlin', '2026-03-22T23:30:00Z', 1)).toEqual([['2026-03-23T08:00:00.000Z', 'Mon 2026-03-23 09:00 +01:00']]);
    expect(firstSlots('Europe/Berlin', '2026-03-23T08:00:00Z', 1)[0][0]).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 and 03:30 on the spring-forward Sunday are the same instant: one slot, not two.
    const meeting = [
      ...slotInstantsAfter(
        [
          { weekday: 7, time: '02:30' },
          { weekday: 7, time: '03:30' },
        ],
        'Europe/Berlin',
        new Date('2026-03-28T12:00:00Z'),
      ),
    ];
    expect(meeting.slice(0, 2).map((instant) => instant.toISOString())).toEqual(['2026-03-29T01:30:00.000Z', '2026-04-05T00:30:00.000Z']);
  });

  it('looks 366 days ahead', () => {
    // From Thursday 2026-01-01 to Saturday 2027-01-02: the Wednesdays of 2026.
    const wednesdays = [...slotInstantsAfter([{ weekday: 3, time: '12:00' }], 'UTC', new Date('2026-01-01T00:00:00Z'))];
    expect(wednesdays).toHaveLength(52);
    expect([wednesdays[0], wednesdays.at(-1)].map((instant) => instant?.toISOString())).toEqual([
      '2026-01-07T12:00:00.000Z',
      '2026-12-30T12:00:00.000Z',
    ]);
  });
});
