import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSocialConnection } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { ChannelsCard } from './channels-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const connection = (over: Partial<TSocialConnection>): TSocialConnection => ({
  id: 'c1',
  provider: 'google',
  handle: '@acme',
  instanceUrl: null,
  status: 'connected',
  connectedAt: '2025-03-01T10:00:00.000Z',
  lastError: null,
  demo: false,
  ...over,
});

/** A server with these providers and connections; refresh and delete answer via the given handlers. */
function serve(options: {
  providers?: string[];
  connections?: () => TSocialConnection[] | Response;
  refresh?: (id: string) => Response;
  remove?: (id: string) => Response;
}) {
  return stubFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/social/providers') return json({ providers: options.providers ?? ['google', 'linkedin'] });
    if (path === '/api/social/connections') {
      const answer = options.connections?.() ?? [];
      return answer instanceof Response ? answer : json(answer);
    }
    const refresh = path.match(/^\/api\/social\/([^/]+)\/refresh$/);
    if (refresh && method === 'POST') return options.refresh?.(refresh[1]) ?? json({ error: 'no' }, 500);
    const remove = path.match(/^\/api\/social\/([^/]+)$/);
    if (remove && method === 'DELETE') return options.remove?.(remove[1]) ?? new Response(null, { status: 204 });
    return json({ error: `unexpected ${method} ${path}` }, 404);
  });
}

const row = (name: RegExp | string) => screen.getByRole('listitem', { name });

describe('ChannelsCard', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows a loading state, then the empty state with a Connect button per configured provider', async () => {
    serve({ providers: ['google'], connections: () => [] });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading channels…');
    expect(await screen.findByText('No channels connected yet.')).toBeInTheDocument();
    const connect = await screen.findByRole('link', { name: 'Connect YouTube' });
    expect(connect).toHaveAttribute('href', '/api/social/google/auth');
    expect(screen.queryByRole('link', { name: 'Connect LinkedIn' })).not.toBeInTheDocument();
  });

  it('says so when the server has no channel providers', async () => {
    serve({ providers: [], connections: () => [] });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    expect(await screen.findByText('Channel connections are not set up on this server yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Connect/ })).not.toBeInTheDocument();
  });

  it('shows a load error', async () => {
    serve({ connections: () => json({ error: 'Database is down' }, 503) });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your channels: Database is down');
  });

  it('lists each channel with its handle, provider and status badge; Reconnect only where needed', async () => {
    serve({
      connections: () => [
        connection({ id: 'c1', handle: '@acme' }),
        connection({
          id: 'c2',
          provider: 'linkedin',
          handle: 'Acme Inc',
          status: 'needs_reauth',
          lastError: 'LinkedIn no longer accepts this connection.',
        }),
        connection({ id: 'c3', handle: '@old', status: 'disconnected' }),
      ],
    });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    const acme = await screen.findByRole('listitem', { name: 'YouTube @acme' });
    expect(within(acme).getByText('Connected')).toBeInTheDocument();
    expect(within(acme).queryByRole('link', { name: /Reconnect/ })).not.toBeInTheDocument();

    const linkedIn = row('LinkedIn Acme Inc');
    expect(within(linkedIn).getByText('Re-auth needed')).toBeInTheDocument();
    expect(within(linkedIn).getByText('LinkedIn no longer accepts this connection.')).toBeInTheDocument();
    expect(within(linkedIn).getByRole('link', { name: 'Reconnect Acme Inc' })).toHaveAttribute('href', '/api/social/linkedin/auth');

    const old = row('YouTube @old');
    expect(within(old).getByText('Disconnected')).toBeInTheDocument();
    expect(within(old).getByRole('link', { name: 'Reconnect @old' })).toBeInTheDocument();
    for (const item of [acme, linkedIn, old]) {
      expect(within(item).getByRole('button', { name: /^Refresh / })).toBeEnabled();
      expect(within(item).getByRole('button', { name: /^Remove / })).toBeEnabled();
    }
  });

  it('marks the demo channel as a demo', async () => {
    serve({ connections: () => [connection({ id: 'c1', handle: '@acme' }), connection({ id: 'c2', handle: '@demostudio', demo: true })] });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    const demo = await screen.findByRole('listitem', { name: 'YouTube @demostudio' });
    expect(within(demo).getByText('Connected')).toBeInTheDocument();
    expect(within(demo).getByText('Demo')).toBeInTheDocument();
    expect(within(row('YouTube @acme')).queryByText('Demo')).not.toBeInTheDocument();
  });

  it('refreshes a channel and confirms it', async () => {
    const fetchMock = serve({ connections: () => [connection({})], refresh: () => json(connection({})) });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh @acme' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Channel refreshed', { description: '@acme' }));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/social/c1/refresh' && init?.method === 'POST')).toBe(true);
  });

  it('shows the server message when a refresh fails, and the new status after it', async () => {
    let status: TSocialConnection['status'] = 'connected';
    serve({
      connections: () => [connection({ status, lastError: status === 'connected' ? null : 'Reconnect the channel.' })],
      refresh: () => {
        status = 'needs_reauth';
        return json({ error: 'YouTube no longer accepts this connection (invalid_grant). Reconnect the channel.' }, 409);
      },
    });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh @acme' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Refresh failed', {
        description: 'YouTube no longer accepts this connection (invalid_grant). Reconnect the channel.',
      }),
    );
    expect(await screen.findByText('Re-auth needed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconnect @acme' })).toBeInTheDocument();
  });

  it('removes a channel only after confirmation', async () => {
    let list = [connection({})];
    const fetchMock = serve({
      connections: () => list,
      remove: () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    renderPage(<ChannelsCard readOnlyReason={null} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove @acme' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove channel?' });
    expect(dialog).toHaveTextContent('Hookline will forget @acme (YouTube)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove @acme' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove channel?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove channel' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Channel removed', { description: '@acme' }));
    expect(deletes().map(([url]) => String(url))).toEqual(['/api/social/c1']);
    expect(await screen.findByText('No channels connected yet.')).toBeInTheDocument();
  });

  it('a teammate sees the channels without the ways to change them, and who changes them', async () => {
    serve({ connections: () => [connection({ status: 'needs_reauth' })] });
    renderPage(<ChannelsCard readOnlyReason="Only the owner of Acme or the Hookline team can connect, refresh or remove channels." />);
    expect(await screen.findByRole('listitem', { name: 'YouTube @acme' })).toBeInTheDocument();
    expect(screen.getByText('Only the owner of Acme or the Hookline team can connect, refresh or remove channels.')).toBeInTheDocument();
    for (const name of [/^Connect/, /^Reconnect/, /^Refresh/, /^Remove/]) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
