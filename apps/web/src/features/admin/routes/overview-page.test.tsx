import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TOverviewResponse } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { callsTo, LocationProbe } from '../test-helpers';
import OverviewPage from './overview-page';

const OVERVIEW: TOverviewResponse = {
  kpis: { totalClients: 7, activeWorkspaces: 5, pendingRequests: 2, mrrUsd: 4029 },
  weeklyJobs: [1, 2, 3, 4, 5, 6, 7],
  health: [{ name: 'Database', status: 'degraded', detail: 'slow' }],
  healthCheckedAt: '2025-03-01T10:00:05Z',
  topClients: [{ id: 'c1', name: 'Nia Co', owner: 'nia@x.test', posts: 3, status: 'paused' }],
  recent: [{ what: 'Client created', when: '2025-03-01T10:00:00Z', who: 'f@x.test' }],
};

const renderOverview = (path = '/admin') =>
  renderPage(
    <>
      <OverviewPage />
      <LocationProbe />
    </>,
    path,
  );

describe('Admin overview', () => {
  it('loads 7d by default, keeps another range in the URL, and links the KPI cards', async () => {
    const fetchMock = stubFetch(() => json(OVERVIEW));
    renderOverview();
    expect(await screen.findByRole('link', { name: /Total clients\s*7/ })).toHaveAttribute('href', '/admin/clients');
    expect(screen.getByRole('link', { name: /Active workspaces/ })).toHaveAttribute('href', '/admin/clients?status=active');
    expect(screen.getByRole('link', { name: /Pending requests/ })).toHaveAttribute('href', '/admin/requests');
    expect(screen.getByRole('link', { name: /MRR/ })).toHaveTextContent('$4,029');
    expect(callsTo(fetchMock, '/api/admin/overview').at(-1)?.get('range')).toBe('7d');
    expect(screen.getByRole('figure', { name: 'Weekly activity' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Top clients' })).getByText('Paused')).toHaveClass('bg-amber-100');
    const health = screen.getByRole('region', { name: 'System health' });
    expect(within(health).getByText(/^Checked at .+\.$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '30d' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/overview').at(-1)?.get('range')).toBe('30d'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?range=30d');
    expect(screen.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows an amber banner and sample numbers when the API fails', async () => {
    stubFetch(() => json({ error: 'overview unavailable' }, 503));
    renderOverview('/admin?range=90d');
    expect(await screen.findByText('API error: overview unavailable')).toBeInTheDocument();
    expect(screen.getByText('Sample data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Total clients\s*24/ })).toBeInTheDocument();
    // Sample checks ran at no time.
    expect(within(screen.getByRole('region', { name: 'System health' })).queryByText(/Checked at/)).toBeNull();
  });
});
