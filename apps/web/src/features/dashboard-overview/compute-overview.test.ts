import { describe, expect, it } from 'vitest';
import type { TDraft, TSocialConnection } from '@hookline/shared';
import { lastDayKeys, shiftDayKey } from '@/lib/zoned-time';
import { excerpt, hasConnectedChannel, publishedPerDay, queuedCount, recentDraftEvents, upcomingDrafts } from './compute-overview';

let n = 0;
const draft = (over: Partial<TDraft>): TDraft => ({
  id: `d${++n}`,
  channel: 'instagram',
  type: 'post',
  text: '',
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  media: null,
  reviewState: null,
  requestId: null,
  failureReason: null,
  lateSeconds: null,
  publishedTo: null,
  postUrl: null,
  platformError: null,
  metrics: null,
  connectionId: null,
  problems: [],
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
  ...over,
});
const NOW = new Date('2025-03-12T12:00:00.000Z');

describe('publishedPerDay', () => {
  it('counts published drafts per calendar day of the zone, the last 7 days ending today', () => {
    const drafts = [
      draft({ status: 'published', publishedAt: '2025-03-10T03:30:00.000Z' }), // 9 March in New York, 10 March in UTC
      draft({ status: 'published', publishedAt: '2025-03-12T11:00:00.000Z' }),
      draft({ status: 'published', publishedAt: '2025-03-01T11:00:00.000Z' }), // too old
      draft({ status: 'publishing', publishedAt: null }),
      draft({ status: 'queued', scheduledAt: '2025-03-12T13:00:00.000Z' }),
    ];
    const ny = publishedPerDay(drafts, 'America/New_York', NOW);
    expect(ny.map((d) => d.day)).toEqual([
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
    ]);
    expect(ny.map((d) => d.count)).toEqual([0, 0, 0, 1, 0, 0, 1]);
    expect(ny[3]).toMatchObject({ label: 'Sun', date: 'Sunday, March 9' });
    expect(publishedPerDay(drafts, 'UTC', NOW).map((d) => d.count)).toEqual([0, 0, 0, 0, 1, 0, 1]);
  });

  it('takes "today" from the zone, not from UTC', () => {
    // 12:00 UTC on the 12th is already the 13th in Auckland.
    expect(lastDayKeys(NOW, 'Pacific/Auckland', 1)).toEqual(['2025-03-13']);
    expect(shiftDayKey('2025-03-01', -1)).toBe('2025-02-28');
  });
});

describe('recentDraftEvents', () => {
  it('lists created, queued and published events newest first', () => {
    const a = draft({ id: 'a', createdAt: '2025-03-12T08:00:00.000Z', status: 'published', publishedAt: '2025-03-12T09:00:00.000Z' });
    const b = draft({ id: 'b', createdAt: '2025-03-12T08:30:00.000Z', status: 'queued', scheduledAt: '2025-03-12T10:40:00.000Z' });
    const c = draft({ id: 'c', createdAt: '2025-03-12T10:00:00.000Z' });
    const events = recentDraftEvents([c, b, a], 10);
    expect(events.map((e) => `${e.draft.id}:${e.kind}@${e.at.slice(11, 16)}`)).toEqual([
      'c:created@10:00',
      'b:queued@09:40', // queued one hour before its slot
      'a:published@09:00',
      'b:created@08:30',
      'a:created@08:00',
    ]);
    expect(recentDraftEvents([c, b, a], 2)).toHaveLength(2);
  });
});

describe('upcomingDrafts and counts', () => {
  it('orders queued drafts by their slot and counts them', () => {
    const later = draft({ id: 'later', status: 'queued', scheduledAt: '2025-03-12T15:00:00.000Z' });
    const sooner = draft({ id: 'sooner', status: 'queued', scheduledAt: '2025-03-12T13:00:00.000Z' });
    const drafts = [later, draft({ status: 'published', publishedAt: '2025-03-12T09:00:00.000Z' }), sooner, draft({})];
    expect(upcomingDrafts(drafts).map((d) => d.id)).toEqual(['sooner', 'later']);
    expect(queuedCount(drafts)).toBe(2);
  });

  it('knows whether any channel is connected', () => {
    const connection = (status: TSocialConnection['status']): TSocialConnection => ({
      id: status,
      provider: 'google',
      handle: '@x',
      instanceUrl: null,
      status,
      connectedAt: '2025-03-01T00:00:00.000Z',
      lastError: null,
      demo: false,
    });
    expect(hasConnectedChannel([])).toBe(false);
    expect(hasConnectedChannel([connection('needs_reauth'), connection('disconnected')])).toBe(false);
    expect(hasConnectedChannel([connection('needs_reauth'), connection('connected')])).toBe(true);
  });

  it('shortens text to its first line', () => {
    expect(excerpt('  Hello\nworld ')).toBe('Hello');
    expect(excerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
