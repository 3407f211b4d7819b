import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminChannel } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { LocationProbe } from '../test-helpers';
import ChannelsPage from './channels-page';
import { socialConnection } from '@/test/social-connection';

const NOW = new Date('2025-06-10T12:00:00.000Z');

const channel = (over: Partial<TAdminChannel>): TAdminChannel => ({
  ...socialConnection(),
  workspaceId: 'w1',
  workspaceName: 'Acme',
  expiresAt: null,
  ...over,
});

// Listed healthy first, to show that the page puts those needing attention first whatever the order.
const CHANNELS: TAdminChannel[] = [
  channel({ id: 'yt', expiresAt: '2025-06-13T12:00:00.000Z' }),
  channel({
    id: 'ma',
    provider: 'mastodon',
    handle: '@nia@fosstodon.org',
    instanceUrl: 'https://fosstodon.org',
    workspaceId: 'w2',
    workspaceName: 'Nia Co',
  }),
  channel({
    id: 'li',
    provider: 'linkedin',
    handle: 'Nia Co page',
    status: 'needs_reauth',
    lastError: 'LinkedIn no longer accepts this connection.',
    workspaceId: 'w2',
    workspaceName: 'Nia Co',
    expiresAt: '2025-06-10T10:00:00.000Z',
  }),
];

function renderChannels(channels: TAdminChannel[] | Response, path = '/admin/channels') {
  stubFetch((url) =>
    url === '/api/admin/channels' ? (channels instanceof Response ? channels : json({ channels })) : json({ error: 'x' }, 404),
  );
  renderPage(
    <>
      <ChannelsPage />
      <LocationProbe />
    </>,
    path,
  );
}

const tableRows = () =>
  within(screen.getByRole('table', { name: 'Channels' }))
    .getAllByRole('row')
    .slice(1);
const cards = () => within(screen.getByRole('list', { name: 'Channels' })).getAllByRole('listitem');

describe('Admin channels', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('lists every client’s channels, those needing attention first, as a table and as cards', async () => {
    renderChannels(CHANNELS);
    expect(screen.getByRole('heading', { level: 1, name: 'Channels' })).toBeInTheDocument();
    expect(screen.getByText('Loading channels…')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Channels' });
    expect(screen.getByText('3 channels, 1 needs attention')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Client',
      'Channel',
      'Status',
      'Last error',
      'Access token',
    ]);

    const [first, second, third] = tableRows();
    expect(within(first).getByRole('link', { name: 'Nia Co' })).toHaveAttribute('href', '/admin/clients/w2');
    expect(first).toHaveTextContent('Nia Co page');
    expect(first).toHaveTextContent('LinkedIn');
    expect(within(first).getByText('Re-auth needed')).toHaveClass('bg-amber-100');
    expect(first).toHaveTextContent('LinkedIn no longer accepts this connection.');
    expect(within(first).getByText('Token expired 2 hours ago')).toHaveAttribute('datetime', '2025-06-10T10:00:00.000Z');
    expect(first.querySelector('svg[data-provider="linkedin"]')).not.toBeNull();

    expect(within(second).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/admin/clients/w1');
    expect(within(second).getByText('Connected')).toBeInTheDocument();
    expect(second).toHaveTextContent('Token expires in 3 days');

    expect(third).toHaveTextContent('@nia@fosstodon.org');
    expect(third).toHaveTextContent('Mastodon · fosstodon.org');
    expect(third).toHaveTextContent('Token does not expire');

    // The phone's cards say the same, in the same order.
    expect(cards().map((card) => within(card).getAllByRole('link')[0].textContent)).toEqual(['Nia Co', 'Acme', 'Nia Co']);
    expect(cards()[0]).toHaveTextContent('Re-auth needed');
    expect(cards()[0]).toHaveTextContent('Token expired 2 hours ago');
  });

  it('shows only the channels needing attention, kept in the address', async () => {
    renderChannels(CHANNELS);
    await screen.findByRole('table', { name: 'Channels' });
    const filter = screen.getByRole('checkbox', { name: 'Needs attention only' });
    await userEvent.click(filter);
    expect(filter).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/channels?attention=1');
    expect(tableRows()).toHaveLength(1);
    expect(tableRows()[0]).toHaveTextContent('Nia Co page');
    expect(cards()).toHaveLength(1);

    await userEvent.click(filter);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/channels$/);
    expect(tableRows()).toHaveLength(3);
  });

  it('says when no channel needs attention', async () => {
    renderChannels([CHANNELS[0], CHANNELS[1]], '/admin/channels?attention=1');
    expect(await screen.findByText('No channel needs attention right now.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Needs attention only' })).toBeChecked();
    expect(screen.getByText('2 channels, 0 need attention')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when no client has connected a channel', async () => {
    renderChannels([]);
    expect(await screen.findByText('No client has connected a channel yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'API error: {message}'", async () => {
    renderChannels(json({ error: 'boom' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('API error: boom');
  });
});
