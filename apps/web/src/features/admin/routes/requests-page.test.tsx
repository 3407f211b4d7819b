import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRequest } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value';
import { callsTo, LocationProbe } from '../test-helpers';
import RequestsPage from './requests-page';

const request = (n: number): TRequest => ({
  id: `r${n}`,
  type: n % 2 ? 'onboarding' : 'support',
  subject: `Subject ${n}`,
  requester: `req${n}@x.test`,
  status: (['open', 'in_progress', 'closed'] as const)[n % 3],
  createdAt: '2025-03-01T10:00:00Z',
  clientId: null,
});

function serveRequests(total: number) {
  return stubFetch((path) =>
    path === '/api/admin/requests'
      ? json({ rows: Array.from({ length: Math.min(10, total) }, (_, i) => request(i + 1)), total })
      : json({ error: 'x' }, 404),
  );
}

function renderRequests(path = '/admin/requests') {
  renderPage(
    <>
      <RequestsPage />
      <LocationProbe />
    </>,
    path,
  );
}

const location = () => screen.getByTestId('location').textContent;
const lastQuery = (fetchMock: ReturnType<typeof stubFetch>) => callsTo(fetchMock, '/api/admin/requests').at(-1)!;
const search = () => screen.getByPlaceholderText('Search subject or requester…');

describe('Requests list', () => {
  afterEach(() => vi.useRealTimers());

  it('loads newest first with six skeleton rows', async () => {
    const fetchMock = serveRequests(12);
    renderRequests();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(6);
    expect(await screen.findByRole('link', { name: 'Subject 1' })).toBeInTheDocument();
    expect(lastQuery(fetchMock).toString()).toBe('page=1&pageSize=10&sortBy=createdAt&sortDir=desc');
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Incoming onboarding & support requests from clients.')).toBeInTheDocument();
    expect(screen.getAllByText('In progress').length).toBeGreaterThan(0);
  });

  it('applies the same sort rules as clients', async () => {
    const fetchMock = serveRequests(30);
    renderRequests('/admin/requests?page=2');
    await screen.findByRole('link', { name: 'Subject 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(location()).toBe('/admin/requests?sortDir=asc&page=2'));
    await userEvent.click(screen.getByRole('button', { name: 'Subject' }));
    await waitFor(() => expect(location()).toBe('/admin/requests?sortBy=subject&sortDir=asc'));
    expect(lastQuery(fetchMock).toString()).toBe('page=1&pageSize=10&sortBy=subject&sortDir=asc');
    expect(screen.getByRole('columnheader', { name: 'Subject' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters by status and type, sent as API values, from page 1', async () => {
    const fetchMock = serveRequests(30);
    renderRequests('/admin/requests?page=3');
    await screen.findByRole('link', { name: 'Subject 1' });
    await userEvent.click(within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', { name: 'in progress' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Filter by type' })).getByRole('button', { name: 'support' }));
    await waitFor(() => expect(location()).toBe('/admin/requests?status=in_progress&type=support'));
    expect(lastQuery(fetchMock).get('status')).toBe('in_progress');
    expect(lastQuery(fetchMock).get('type')).toBe('support');
    expect(lastQuery(fetchMock).get('page')).toBe('1');
    await userEvent.click(within(screen.getByRole('group', { name: 'Filter by type' })).getByRole('button', { name: 'content brief' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('type')).toBe('content_brief'));
  });

  it('keeps the search box in step with the URL on history back', async () => {
    // Fake timers that also follow real time while the test awaits; the test moves the clock past the search wait.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = serveRequests(30);
    renderRequests();
    await screen.findByRole('link', { name: 'Subject 1' });
    await user.click(within(screen.getByRole('group', { name: 'Filter by type' })).getByRole('button', { name: 'onboarding' }));
    fireEvent.change(search(), { target: { value: 'refund' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(lastQuery(fetchMock).get('search')).toBe('refund'));
    expect(location()).toBe('/admin/requests?search=refund&type=onboarding');
    await user.click(screen.getByRole('button', { name: 'History back' }));
    // The search replaced the filter's history entry, so back returns to the plain list.
    await waitFor(() => expect(location()).toBe('/admin/requests'));
    expect(search()).toHaveValue('');
    // Nor does the box, once its wait is over, search again for the text it showed before.
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(location()).toBe('/admin/requests');
  });

  it("shows 'API error: {message}' and 'No requests found'", async () => {
    stubFetch(() => json({ error: 'boom' }, 500));
    renderRequests();
    expect(await screen.findByRole('alert')).toHaveTextContent('API error: boom');
    expect(screen.getByText('No requests found')).toBeInTheDocument();
  });
});
