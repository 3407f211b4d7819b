import { describe, expect, it } from 'vitest';
import { makeDraft } from '@/features/content/test-server';
import { canMove, dropTarget, fetchRange, placePosts, shiftAnchor, viewTitle, visibleDays } from './calendar-days';

describe('calendar days', () => {
  it('places a post by its time in the zone: 23:30 UTC is 00:30 the next day in Berlin', () => {
    const post = makeDraft({ status: 'queued', scheduledAt: '2030-03-04T23:30:00.000Z' });
    const inBerlin = placePosts([post], 'Europe/Berlin');
    expect([...inBerlin.keys()]).toEqual(['2030-03-05']);
    expect(inBerlin.get('2030-03-05')?.[0]).toMatchObject({ local: '2030-03-05T00:30', hour: 0 });
    expect([...placePosts([post], 'UTC').keys()]).toEqual(['2030-03-04']);
    // Summer time: 23:30 UTC is 01:30 CEST.
    const summer = makeDraft({ status: 'queued', scheduledAt: '2030-07-04T23:30:00.000Z' });
    expect(placePosts([summer], 'Europe/Berlin').get('2030-07-05')?.[0].local).toBe('2030-07-05T01:30');
  });

  it('places a published post when it went out, any other when it is planned; in time order', () => {
    const published = makeDraft({ status: 'published', scheduledAt: '2030-03-01T09:00:00.000Z', publishedAt: '2030-03-02T08:00:00.000Z' });
    const later = makeDraft({ status: 'failed', scheduledAt: '2030-03-02T10:00:00.000Z' });
    const earlier = makeDraft({ status: 'held', scheduledAt: '2030-03-02T07:15:00.000Z' });
    const day = placePosts([published, later, earlier], 'UTC').get('2030-03-02');
    expect(day?.map((placed) => placed.post.id)).toEqual([earlier.id, published.id, later.id]);
  });

  it('shows a week from Monday, and a month as six weeks from the Monday on or before its 1st', () => {
    // 2030-03-06 is a Wednesday; March 1, 2030 is a Friday.
    expect(visibleDays('week', '2030-03-06')).toEqual([
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
    ]);
    const month = visibleDays('month', '2030-03-06');
    expect(month).toHaveLength(42);
    expect(month[0]).toBe('2030-02-25');
    expect(month.at(-1)).toBe('2030-04-07');
    expect(viewTitle('month', '2030-03-06', month)).toBe('March 2030');
    expect(viewTitle('week', '2030-03-06', visibleDays('week', '2030-03-06'))).toBe('Mar 4 – Mar 10, 2030');
    expect(shiftAnchor('month', '2030-01-31', 1)).toBe('2030-02-01');
    expect(shiftAnchor('month', '2030-01-31', -1)).toBe('2029-12-01');
    expect(shiftAnchor('week', '2030-03-06', 1)).toBe('2030-03-13');
  });

  it('asks for the days widened by 14 hours each side, within the 62 days the server allows', () => {
    const days = visibleDays('month', '2030-03-06');
    const range = fetchRange(days);
    expect(range).toEqual({ from: '2030-02-24T10:00:00.000Z', to: '2030-04-08T14:00:00.000Z' });
    expect(Date.parse(range.to) - Date.parse(range.from)).toBeLessThanOrEqual(62 * 24 * 3600 * 1000);
  });

  it('moves to another day at the same time, or to an hour keeping the minutes; only queued, failed and held posts move', () => {
    expect(dropTarget('2030-03-05T09:45', '2030-03-08')).toBe('2030-03-08T09:45');
    expect(dropTarget('2030-03-05T09:45', '2030-03-08', 14)).toBe('2030-03-08T14:45');
    expect(dropTarget('2030-03-05T09:45', '2030-03-05', 7)).toBe('2030-03-05T07:45');
    expect((['queued', 'failed', 'held', 'publishing', 'published'] as const).filter((status) => canMove({ status }))).toEqual([
      'queued',
      'failed',
      'held',
    ]);
  });
});
