import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSocialConnection, TSocialProvidersResponse } from '@hookline/shared';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { json, renderPage, stubFetch } from '@/test/render';
import { ChannelsCard } from './channels-card';
import { socialConnection } from '@/test/social-connection';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const connection = socialConnection;

type Networks = TSocialProvidersResponse['networks'];
const ALL_NETWORKS: Networks = [
  { provider: 'google', label: 'YouTube', configured: true, connectWith: 'oauth' },
  { provider: 'linkedin', label: 'LinkedIn', configured: true, connectWith: 'oauth' },
  { provider: 'twitter', label: 'X', configured: true, connectWith: 'oauth' },
  { provider: 'instagram', label: 'Instagram', configured: true, connectWith: 'oauth' },
  { provider: 'mastodon', label: 'Mastodon', configured: true, connectWith: 'instance' },
  { provider: 'bluesky', label: 'Bluesky', configured: true, connectWith: 'app_password' },
];

/** A server with these networks and connections; refresh, delete and Bluesky's connect answer via the given handlers. */
function serve(options: {
  networks?: Networks;
  connections?: () => TSocialConnection[] | Response;
  refresh?: (id: string) => Response;
  remove?: (id: string) => Response;
  bluesky?: (body: unknown) => Response;
}) {
  const networks = options.networks ?? ALL_NETWORKS;
  return stubFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/social/providers')
      return json({ providers: networks.filter((n) => n.configured).map((n) => n.provider), networks } satisfies TSocialProvidersResponse);
    if (path === '/api/social/connections') {
      const answer = options.connections?.() ?? [];
      return answer instanceof Response ? answer : json(answer);
    }
    if (path === '/api/social/bluesky/connect' && method === 'POST')
      return options.bluesky?.(JSON.parse(String(init?.body))) ?? json({ error: 'no' }, 500);
    const refresh = path.match(/^\/api\/social\/([^/]+)\/refresh$/);
    if (refresh && method === 'POST') return options.refresh?.(refresh[1]) ?? json({ error: 'no' }, 500);
    const remove = path.match(/^\/api\/social\/([^/]+)$/);
    if (remove && method === 'DELETE') return options.remove?.(remove[1]) ?? new Response(null, { status: 204 });
    return json({ error: `unexpected ${method} ${path}` }, 404);
  });
}

const row = (name: RegExp | string) => screen.getByRole('listitem', { name });
const network = (name: string) => screen.getByRole('listitem', { name });
const RETURN_TO = 'returnTo=%2Fdashboard%2Fsettings';

describe('ChannelsCard', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearActiveWorkspace();
  });

  it('lists every network: a Connect per set-up network, and says which are not set up on this server', async () => {
    serve({
      networks: ALL_NETWORKS.map((n) => (n.provider === 'linkedin' || n.provider === 'instagram' ? { ...n, configured: false } : n)),
      connections: () => [],
    });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading channels…');
    expect(await screen.findByText('No channels connected yet.')).toBeInTheDocument();
    const names = within(screen.getByRole('list', { name: 'Networks' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['YouTube', 'LinkedIn', 'X', 'Instagram', 'Mastodon', 'Bluesky']);

    expect(within(network('YouTube')).getByRole('link', { name: 'Connect YouTube' })).toHaveAttribute(
      'href',
      `/api/social/google/auth?${RETURN_TO}`,
    );
    expect(within(network('X')).getByRole('link', { name: 'Connect X' })).toHaveAttribute('href', `/api/social/twitter/auth?${RETURN_TO}`);
    for (const name of ['LinkedIn', 'Instagram']) {
      expect(within(network(name)).getByText('Not set up on this server')).toBeInTheDocument();
      expect(within(network(name)).queryByRole('link')).not.toBeInTheDocument();
    }
    // Mastodon and Bluesky connect through a form here first.
    expect(within(network('Mastodon')).getByRole('button', { name: 'Connect Mastodon' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(network('Bluesky')).getByRole('button', { name: 'Connect Bluesky' })).toHaveAttribute('aria-expanded', 'false');
    for (const n of ALL_NETWORKS) expect(document.querySelector(`svg[data-provider="${n.provider}"]`)).not.toBeNull();
  });

  it("carries the tab's workspace to the network", async () => {
    openWorkspaceForTest('ws-42', '/dashboard/settings');
    serve({});
    renderPage(<ChannelsCard readOnlyReason={null} />);
    expect(await screen.findByRole('link', { name: 'Connect YouTube' })).toHaveAttribute(
      'href',
      `/api/social/google/auth?${RETURN_TO}&workspaceId=ws-42`,
    );
  });

  it('shows a load error', async () => {
    serve({ connections: () => json({ error: 'Database is down' }, 503) });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your channels: Database is down');
  });

  it('still lists the channels when the networks cannot be read, without ways to connect', async () => {
    stubFetch((path) =>
      path === '/api/social/connections' ? json([connection({ status: 'needs_reauth' })]) : json({ error: 'Server busy' }, 503),
    );
    renderPage(<ChannelsCard readOnlyReason={null} />);
    const acme = await screen.findByRole('listitem', { name: 'YouTube @acme' });
    expect(screen.getByText('Could not load the networks this server connects: Server busy')).toBeInTheDocument();
    expect(within(acme).getByRole('button', { name: 'Refresh @acme' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^(Connect|Reconnect)/ })).not.toBeInTheDocument();
  });

  it('lists each channel under its network with its handle, server and status badge; Reconnect only where needed', async () => {
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
        connection({
          id: 'c4',
          provider: 'mastodon',
          handle: '@acme@fosstodon.org',
          instanceUrl: 'https://fosstodon.org',
          status: 'needs_reauth',
        }),
      ],
    });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    const acme = await screen.findByRole('listitem', { name: 'YouTube @acme' });
    expect(within(acme).getByText('Connected')).toBeInTheDocument();
    expect(within(acme).queryByRole('link', { name: /Reconnect/ })).not.toBeInTheDocument();
    expect(within(within(network('YouTube')).getByRole('list', { name: 'YouTube accounts' })).getAllByRole('listitem')).toHaveLength(2);

    const linkedIn = row('LinkedIn Acme Inc');
    expect(within(network('LinkedIn')).getByRole('list', { name: 'LinkedIn accounts' })).toContainElement(linkedIn);
    expect(within(linkedIn).getByText('Re-auth needed')).toBeInTheDocument();
    expect(within(linkedIn).getByText('LinkedIn no longer accepts this connection.')).toBeInTheDocument();
    expect(within(linkedIn).getByRole('link', { name: 'Reconnect Acme Inc' })).toHaveAttribute(
      'href',
      `/api/social/linkedin/auth?${RETURN_TO}`,
    );

    const old = row('YouTube @old');
    expect(within(old).getByText('Disconnected')).toBeInTheDocument();
    expect(within(old).getByRole('link', { name: 'Reconnect @old' })).toBeInTheDocument();

    // A Mastodon account shows its server, and reconnects on it.
    const mastodon = row('Mastodon @acme@fosstodon.org');
    expect(mastodon).toHaveTextContent('fosstodon.org · connected');
    expect(within(mastodon).getByRole('link', { name: 'Reconnect @acme@fosstodon.org' })).toHaveAttribute(
      'href',
      `/api/social/mastodon/auth?${RETURN_TO}&instance=fosstodon.org`,
    );
    for (const item of [acme, linkedIn, old, mastodon]) {
      expect(within(item).getByRole('button', { name: /^Refresh / })).toBeEnabled();
      expect(within(item).getByRole('button', { name: /^Remove / })).toBeEnabled();
    }
  });

  it('offers no Reconnect for a network this server is no longer set up for', async () => {
    serve({
      networks: ALL_NETWORKS.map((n) => (n.provider === 'linkedin' ? { ...n, configured: false } : n)),
      connections: () => [connection({ provider: 'linkedin', handle: 'Acme Inc', status: 'needs_reauth' })],
    });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    const linkedIn = await screen.findByRole('listitem', { name: 'LinkedIn Acme Inc' });
    expect(within(network('LinkedIn')).getByText('Not set up on this server')).toBeInTheDocument();
    expect(within(linkedIn).queryByRole('link', { name: /Reconnect/ })).not.toBeInTheDocument();
    expect(within(linkedIn).getByRole('button', { name: 'Remove Acme Inc' })).toBeInTheDocument();
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

  it('asks for the Mastodon server, then goes to it to sign in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve({});
    renderPage(<ChannelsCard readOnlyReason={null} />);
    const toggle = await screen.findByRole('button', { name: 'Connect Mastodon' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Connect a Mastodon account' });
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    const server = within(form).getByRole('textbox', { name: 'Mastodon server' });
    expect(server).toHaveFocus();
    expect(server).toHaveAccessibleDescription('The server your account is on, as in your handle: @you@mastodon.social.');
    expect(within(form).getByRole('button', { name: 'Continue to Mastodon' })).toBeDisabled();

    await userEvent.type(server, ' fosstodon.org {Enter}');
    expect(assign).toHaveBeenCalledWith(`/api/social/mastodon/auth?${RETURN_TO}&instance=fosstodon.org`);

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Connect a Mastodon account' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it("connects a Bluesky account with an app password, showing Bluesky's refusal under the form", async () => {
    const bodies: unknown[] = [];
    let list: TSocialConnection[] = [];
    serve({
      connections: () => list,
      bluesky: (body) => {
        bodies.push(body);
        if (bodies.length === 1) return json({ error: 'Invalid identifier or password' }, 400);
        if (bodies.length === 2) return json({ error: 'Bluesky did not answer. Try again in a moment.' }, 502);
        list = [connection({ id: 'b1', provider: 'bluesky', handle: 'acme.bsky.social', instanceUrl: 'https://bsky.social' })];
        return json(list[0], 201);
      },
    });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Bluesky' }));
    const form = screen.getByRole('form', { name: 'Connect a Bluesky account' });
    const handle = within(form).getByRole('textbox', { name: 'Handle' });
    expect(handle).toHaveFocus();
    const password = within(form).getByLabelText('App password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'off');
    expect(password).toHaveAccessibleDescription('Create one on Bluesky under Settings → Privacy and security → App passwords.');
    const submit = within(form).getByRole('button', { name: 'Connect Bluesky account' });
    expect(submit).toBeDisabled();

    await userEvent.type(handle, 'acme.bsky.social');
    await userEvent.type(password, 'abcd-efgh-ijkl-mnop');
    await userEvent.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Could not connect: Invalid identifier or password');
    expect(bodies[0]).toEqual({ identifier: 'acme.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' });

    await userEvent.type(within(form).getByRole('textbox', { name: 'Server (leave empty for bsky.social)' }), 'pds.example.org');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Could not connect: Bluesky did not answer. Try again in a moment.'),
    );
    expect(bodies[1]).toEqual({ identifier: 'acme.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop', service: 'pds.example.org' });

    await userEvent.click(submit);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bluesky channel connected.', { description: 'acme.bsky.social' }));
    expect(await screen.findByRole('listitem', { name: 'Bluesky acme.bsky.social' })).toHaveTextContent('bsky.social · connected');
    expect(screen.queryByRole('form', { name: 'Connect a Bluesky account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Bluesky' })).toHaveFocus();
  });

  it('reconnects a Bluesky account through the form, with its handle filled in', async () => {
    serve({ connections: () => [connection({ provider: 'bluesky', handle: 'acme.bsky.social', status: 'needs_reauth' })] });
    renderPage(<ChannelsCard readOnlyReason={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reconnect acme.bsky.social' }));
    const form = screen.getByRole('form', { name: 'Connect a Bluesky account' });
    expect(within(form).getByRole('textbox', { name: 'Handle' })).toHaveValue('acme.bsky.social');
    expect(within(form).getByLabelText('App password')).toHaveFocus();
  });

  describe('opened from the reconnect mail (?reconnect={id})', () => {
    beforeEach(() => {
      Element.prototype.scrollIntoView = vi.fn();
    });

    it('scrolls to the channel, marks it, and focuses its Reconnect button', async () => {
      serve({
        connections: () => [
          connection({ id: 'c1', handle: '@acme' }),
          connection({ id: 'c2', provider: 'linkedin', handle: 'Acme Inc', status: 'needs_reauth' }),
        ],
      });
      renderPage(<ChannelsCard readOnlyReason={null} />, '/dashboard/settings?reconnect=c2');
      const reconnect = await screen.findByRole('link', { name: 'Reconnect Acme Inc' });
      await waitFor(() => expect(reconnect).toHaveFocus());
      const linkedIn = row('LinkedIn Acme Inc');
      expect(linkedIn).toHaveAttribute('data-highlighted', 'true');
      expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toEqual([linkedIn]);
      expect(row('YouTube @acme')).not.toHaveAttribute('data-highlighted');
    });

    it('focuses the channel itself for a teammate, who has no Reconnect', async () => {
      serve({ connections: () => [connection({ id: 'c2', status: 'needs_reauth' })] });
      renderPage(<ChannelsCard readOnlyReason="Only the owner can." />, '/dashboard/settings?reconnect=c2');
      const acme = await screen.findByRole('listitem', { name: 'YouTube @acme' });
      await waitFor(() => expect(acme).toHaveFocus());
    });
  });

  it('a teammate sees the connected channels without the ways to change them, and who changes them', async () => {
    serve({ connections: () => [connection({ status: 'needs_reauth' })] });
    renderPage(<ChannelsCard readOnlyReason="Only the owner of Acme or the Hookline team can connect, refresh or remove channels." />);
    expect(await screen.findByRole('listitem', { name: 'YouTube @acme' })).toBeInTheDocument();
    expect(screen.getByText('Only the owner of Acme or the Hookline team can connect, refresh or remove channels.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Networks' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['YouTube']);
    expect(screen.queryByText('Not set up on this server')).not.toBeInTheDocument();
    for (const name of [/^Connect/, /^Reconnect/, /^Refresh/, /^Remove/]) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
