import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDraft } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import AnalyticsPage from './analytics-page';
import { TEST_WORKSPACE } from '@/test/workspace';

const draft = (over: Partial<TDraft>): TDraft => ({
  id: over.id ?? 'd1',
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

function serve(drafts: TDraft[]) {
  stubFetch((path) =>
    path === '/api/workspace' ? json(TEST_WORKSPACE) : path === '/api/drafts' ? json(drafts) : json({ error: 'no' }, 404),
  );
}

const figures = () => screen.getByRole('list', { name: 'Publishing figures' });

describe('Analytics page', () => {
  // The figures count days back from now: a fixed clock keeps them from moving between two renders.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-15T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows sample data, clearly labelled and the same on every render, when nothing was published', async () => {
    serve([draft({ status: 'queued', scheduledAt: '2025-03-12T13:00:00.000Z' })]);
    const first = renderPage(<AnalyticsPage />, '/dashboard/analytics');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
    expect(await screen.findByText(/Nothing has been published yet/)).toBeInTheDocument();
    expect(screen.getAllByText('Sample data').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('link', { name: 'Publish a draft' })).toHaveAttribute('href', '/dashboard/content');
    expect(within(screen.getByRole('list', { name: 'Audience metrics (sample data)' })).getByText('Total reach')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Published posts by weekday and time of day/ })).toBeInTheDocument();
    const text = figures().textContent;
    const heatmap = screen.getByRole('table', { name: /by weekday/ }).textContent;
    first.unmount();

    // A reload renders exactly the same numbers.
    serve([]);
    renderPage(<AnalyticsPage />, '/dashboard/analytics');
    await screen.findByText(/Nothing has been published yet/);
    expect(figures().textContent).toBe(text);
    expect(screen.getByRole('table', { name: /by weekday/ }).textContent).toBe(heatmap);
  });

  it('computes the figures from published drafts', async () => {
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    serve([
      draft({ id: 'a', status: 'published', publishedAt: ago(2), channel: 'twitter', type: 'thread', text: 'A thread about hooks' }),
      draft({ id: 'b', status: 'published', publishedAt: ago(50), channel: 'twitter', text: 'Second' }),
      draft({ id: 'c', status: 'published', publishedAt: ago(24 * 40), channel: 'youtube', text: 'Old video' }),
      draft({ id: 'd', status: 'queued', scheduledAt: ago(-1) }),
    ]);
    renderPage(<AnalyticsPage />, '/dashboard/analytics');
    const list = await screen.findByRole('list', { name: 'Publishing figures' });
    expect(screen.queryByText(/Nothing has been published yet/)).not.toBeInTheDocument();
    expect(within(list).getByText('Posts published').closest('li')).toHaveTextContent(/Posts published\s*2\s*Last 30 days/);
    expect(within(list).getByText('Active channels').closest('li')).toHaveTextContent(/1/);
    expect(within(list).getByText('Queued now').closest('li')).toHaveTextContent(/Queued now\s*1/);
    expect(within(list).queryByText('Sample')).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Posts per channel, last 30 days' });
    const twitter = within(table).getByText('Twitter').closest('tr')!;
    expect(twitter).toHaveTextContent(/Twitter\s*2\s*100%/);

    const top = screen.getByRole('list', { name: 'Top posts' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('A thread about hooks'), expect.stringContaining('Second'), expect.stringContaining('Old video')]);
    // No post has figures from its network: reach, engagement, CTR and bookings are all labelled samples.
    expect(screen.getByRole('list', { name: 'Audience metrics (sample data)' })).toBeInTheDocument();
    expect(within(top).getAllByText('No figures yet')).toHaveLength(3);
    expect(within(top).queryByText('Sample')).not.toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Posts published per day, last 30 days' })).toHaveTextContent(/2 posts on/);
  });

  it("shows the networks' reach and engagement, and marks only what stays a sample", async () => {
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    const metrics = { views: null, impressions: null, likes: null, comments: null, reposts: null, fetchedAt: ago(1) };
    serve([
      draft({ id: 'a', status: 'published', publishedAt: ago(5), text: 'Quiet one', metrics: { ...metrics, views: 2000, likes: 10 } }),
      draft({
        id: 'b',
        status: 'published',
        publishedAt: ago(30),
        channel: 'linkedin',
        text: 'Big one',
        metrics: { ...metrics, impressions: 8000, likes: 300, comments: 40, reposts: 50 },
      }),
      draft({ id: 'c', status: 'published', publishedAt: ago(2), channel: 'youtube', text: 'Not fetched yet' }),
    ]);
    renderPage(<AnalyticsPage />, '/dashboard/analytics');
    const audience = await screen.findByRole('list', { name: 'Audience metrics' });
    const card = (label: string) => within(audience).getByText(label).closest('li')!;
    expect(card('Total reach')).toHaveTextContent(/Total reach\s*10K/);
    expect(within(card('Total reach')).queryByText('Sample')).not.toBeInTheDocument();
    // (10 + 390) / 10,000
    expect(card('Engagement rate')).toHaveTextContent('4.0%');
    expect(within(card('Engagement rate')).queryByText('Sample')).not.toBeInTheDocument();
    for (const label of ['Click-through rate', 'Bookings']) {
      expect(within(card(label)).getByText('Sample')).toBeInTheDocument();
      expect(card(label)).toHaveTextContent(/No network reports/);
    }

    const top = screen.getByRole('list', { name: 'Top posts' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/8K reach · 390 engagements.*Big one/),
      expect.stringMatching(/2K reach · 10 engagements.*Quiet one/),
      expect.stringMatching(/No figures yet.*Not fetched yet/),
    ]);
    expect(screen.getByText('Ranked by likes, comments and reposts.')).toBeInTheDocument();
    expect(within(top).queryByText('Sample')).not.toBeInTheDocument();
  });

  it('marks every top post of the sample as one', async () => {
    serve([]);
    renderPage(<AnalyticsPage />, '/dashboard/analytics');
    const top = await screen.findByRole('list', { name: 'Top posts' });
    for (const item of within(top).getAllByRole('listitem')) expect(within(item).getByText('Sample')).toBeInTheDocument();
  });
});
