import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDraft, TSocialConnection, TWorkspace } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import OverviewPage from './overview-page';
import { TEST_WORKSPACE } from '@/test/workspace';
import { socialConnection } from '@/test/social-connection';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

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
const connection = socialConnection;

function serve(options: {
  drafts?: TDraft[];
  connections?: () => TSocialConnection[];
  refresh?: (id: string) => Response;
  workspace?: TWorkspace;
}) {
  return stubFetch((path, init) => {
    if (path === '/api/workspace') return json(options.workspace ?? TEST_WORKSPACE);
    if (path === '/api/drafts') return json(options.drafts ?? []);
    if (path === '/api/social/connections') return json(options.connections?.() ?? []);
    const refresh = path.match(/^\/api\/social\/([^/]+)\/refresh$/);
    if (refresh && init?.method === 'POST') return options.refresh?.(refresh[1]) ?? json({ error: 'no' }, 500);
    return json({ error: `unexpected ${path}` }, 404);
  });
}

describe('Overview page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('prompts to connect a channel when none is connected, next to real queue numbers and sample-labelled cards', async () => {
    serve({
      drafts: [
        draft({
          id: 'q1',
          status: 'queued',
          scheduledAt: '2030-01-01T15:00:00.000Z',
          text: 'Later post',
          channel: 'twitter',
          type: 'thread',
        }),
        draft({ id: 'q2', status: 'queued', scheduledAt: '2030-01-01T11:00:00.000Z', text: 'Sooner post' }),
        draft({ id: 'p1', status: 'published', publishedAt: new Date().toISOString() }),
      ],
    });
    renderPage(<OverviewPage />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const prompt = await screen.findByRole('region', { name: 'Connect a channel' });
    expect(within(prompt).getByRole('link', { name: 'Connect a channel' })).toHaveAttribute('href', '/dashboard/settings');
    expect(screen.getByText('No channels connected yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage connections' })).toHaveAttribute('href', '/dashboard/settings');

    const figures = screen.getByRole('list', { name: 'Key figures' });
    await waitFor(() => expect(within(figures).getByRole('link', { name: /Queue\s*2/ })).toHaveAttribute('href', '/dashboard/content'));
    const samples = within(figures).getAllByText('Sample data');
    expect(samples).toHaveLength(2);
    expect(samples[0].closest('li')).toHaveTextContent('DM Follow-ups');
    expect(samples[1].closest('li')).toHaveTextContent('Appointments');

    expect(
      within(screen.getByRole('list', { name: 'Upcoming posts' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Sooner post'), expect.stringContaining('Later post')]);
    const activity = within(screen.getByRole('list', { name: 'Recent activity' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(activity).toContainEqual(expect.stringMatching(/^Twitter thread queued for Jan 1, 2030, 3:00\sPM/));
    expect(activity).toContainEqual(expect.stringMatching(/^Instagram post published/));
    expect(screen.getByRole('figure', { name: 'Posts published per day' })).toHaveTextContent('1 post published in the last 7 days');
  });

  it('lists connected channels with their status instead of the prompt, and refreshes one', async () => {
    let connections = [
      connection({ id: 'yt', handle: '@studio', status: 'connected' }),
      connection({ id: 'li', provider: 'linkedin', handle: 'Acme Inc', status: 'needs_reauth' }),
      connection({ id: 'old', provider: 'google', handle: '@old', status: 'disconnected' }),
      connection({ id: 'demo', handle: '@demostudio', demo: true }),
    ];
    const fetchMock = serve({
      connections: () => connections,
      refresh: (id) => {
        connections = connections.map((c) => (c.id === id ? { ...c, lastError: 'YouTube did not answer' } : c));
        return json({ error: 'YouTube did not answer' }, 502);
      },
    });
    renderPage(<OverviewPage />, '/dashboard');
    const list = await screen.findByRole('list', { name: 'Channels' });
    expect(screen.queryByRole('region', { name: 'Connect a channel' })).not.toBeInTheDocument();
    expect(within(within(list).getByRole('listitem', { name: 'YouTube @studio' })).getByText('Connected')).toBeInTheDocument();
    // One that lost its access is reconnected on the settings page, which scrolls to it; refreshing it could only fail.
    const linkedIn = within(list).getByRole('listitem', { name: 'LinkedIn Acme Inc' });
    expect(within(linkedIn).getByText('Re-auth needed')).toHaveClass('bg-amber-100');
    expect(within(linkedIn).getByRole('link', { name: 'Reconnect Acme Inc' })).toHaveAttribute(
      'href',
      '/dashboard/settings?reconnect=li#channels',
    );
    expect(within(linkedIn).queryByRole('button', { name: /^Refresh/ })).not.toBeInTheDocument();
    const old = within(list).getByRole('listitem', { name: 'YouTube @old' });
    expect(within(old).getByText('Disconnected')).toBeInTheDocument();
    expect(within(old).getByRole('link', { name: 'Reconnect @old' })).toHaveAttribute('href', '/dashboard/settings?reconnect=old#channels');
    expect(within(within(list).getByRole('listitem', { name: 'YouTube @studio' })).queryByRole('link', { name: /^Reconnect/ })).toBeNull();
    // The channel `npm run demo` seeds is marked; real ones are not.
    expect(within(within(list).getByRole('listitem', { name: 'YouTube @demostudio' })).getByText('Demo')).toBeInTheDocument();
    expect(within(list).getAllByText('Demo')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh @studio' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Refresh failed', { description: 'YouTube did not answer' }));
    expect(await screen.findByText('YouTube did not answer')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/social/yt/refresh' && init?.method === 'POST')).toBe(true);
  });

  it('shows each of the six networks with its mark, and the server of a Mastodon or Bluesky account', async () => {
    serve({
      connections: () => [
        connection({ id: 'yt', provider: 'google', handle: '@studio' }),
        connection({ id: 'li', provider: 'linkedin', handle: 'Acme Inc' }),
        connection({ id: 'x', provider: 'twitter', handle: '@acme' }),
        connection({ id: 'ig', provider: 'instagram', handle: 'acme.studio' }),
        connection({ id: 'ma', provider: 'mastodon', handle: '@acme@fosstodon.org', instanceUrl: 'https://fosstodon.org' }),
        connection({ id: 'bs', provider: 'bluesky', handle: 'acme.bsky.social', instanceUrl: 'https://bsky.social' }),
      ],
    });
    renderPage(<OverviewPage />, '/dashboard');
    const list = await screen.findByRole('list', { name: 'Channels' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'YouTube @studio',
      'LinkedIn Acme Inc',
      'X @acme',
      'Instagram acme.studio',
      'Mastodon @acme@fosstodon.org',
      'Bluesky acme.bsky.social',
    ]);
    expect(items.map((item) => item.querySelector('svg[data-provider]')?.getAttribute('data-provider'))).toEqual([
      'google',
      'linkedin',
      'twitter',
      'instagram',
      'mastodon',
      'bluesky',
    ]);
    expect(items[4]).toHaveTextContent('Mastodon · fosstodon.org');
    expect(items[5]).toHaveTextContent('Bluesky · bsky.social');
  });

  it('still prompts when every channel needs re-auth', async () => {
    serve({ connections: () => [connection({ status: 'needs_reauth' })] });
    renderPage(<OverviewPage />, '/dashboard');
    const prompt = await screen.findByRole('region', { name: 'Connect a channel' });
    expect(within(prompt).getByRole('link', { name: 'Reconnect a channel' })).toHaveAttribute('href', '/dashboard/settings');
    expect(screen.getByRole('list', { name: 'Channels' })).toBeInTheDocument();
  });

  describe.each(['editor', 'approver'] as const)('for a teammate (%s)', (access) => {
    const workspace: TWorkspace = { ...TEST_WORKSPACE, name: 'Nia Co', access };
    const reason = 'Only the owner of Nia Co or the Hookline team can connect, refresh or manage channels.';

    it('lists the channels without Refresh or Manage connections, and says who changes them', async () => {
      serve({
        workspace,
        connections: () => [
          connection({ id: 'yt', handle: '@studio' }),
          connection({ id: 'li', provider: 'linkedin', handle: 'Acme Inc', status: 'needs_reauth' }),
        ],
      });
      renderPage(<OverviewPage />, '/dashboard');
      const list = await screen.findByRole('list', { name: 'Channels' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(within(list).getByRole('listitem', { name: 'YouTube @studio' })).toHaveTextContent('Connected');
      expect(within(list).getByRole('listitem', { name: 'LinkedIn Acme Inc' })).toHaveTextContent('Re-auth needed');
      expect(screen.queryByRole('button', { name: /^Refresh/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /^Reconnect/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Manage connections' })).not.toBeInTheDocument();
      expect(screen.getByText(reason)).toBeInTheDocument();
    });

    it('tells them no channel is connected without offering to connect one', async () => {
      serve({ workspace });
      renderPage(<OverviewPage />, '/dashboard');
      const prompt = await screen.findByRole('region', { name: 'No channel connected' });
      expect(prompt).toHaveTextContent(reason);
      expect(within(prompt).queryByRole('link')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Connect a channel' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Manage connections' })).not.toBeInTheDocument();
    });
  });
});
