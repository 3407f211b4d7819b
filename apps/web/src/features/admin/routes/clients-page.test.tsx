import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TWorkspaceSummary } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value';
import { callsTo, LocationProbe } from '../test-helpers';
import ClientsPage from './clients-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));
const auth = vi.hoisted(() => ({ role: 'admin' }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ loaded: true, user: { uid: 'u1', email: 'me@x.test', role: auth.role }, isStaff: true, isFounder: false }),
}));

const client = (n: number): TWorkspaceSummary => ({
  id: `c${n}`,
  name: `Client ${n}`,
  owner: `owner${n}@x.test`,
  status: n % 2 ? 'active' : 'paused',
  plan: 'self_serve',
  planMonthlyUsd: null,
  createdAt: '2025-01-01T00:00:00Z',
});

/** A list endpoint answering `total` clients, sliced by page and pageSize. */
function serveClients(total: number) {
  return stubFetch((path, init) => {
    if (path === '/api/admin/clients' && (!init?.method || init.method === 'GET')) {
      return json({ rows: Array.from({ length: Math.min(10, total) }, (_, i) => client(i + 1)), total });
    }
    if (path.endsWith('/manager')) return json({ ok: true });
    return json({ error: 'not found' }, 404);
  });
}

function renderClients(path = '/admin/clients') {
  renderPage(
    <>
      <ClientsPage />
      <LocationProbe />
    </>,
    path,
  );
}

const location = () => screen.getByTestId('location').textContent;
const lastQuery = (fetchMock: ReturnType<typeof stubFetch>) => callsTo(fetchMock, '/api/admin/clients').at(-1)!;

describe('Clients list', () => {
  afterEach(() => vi.useRealTimers());

  it('loads page 1 of 10, sorted by name ascending, with five skeleton rows', async () => {
    const fetchMock = serveClients(3);
    renderClients();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(await screen.findByRole('link', { name: 'Client 1' })).toBeInTheDocument();
    expect(lastQuery(fetchMock).toString()).toBe('page=1&pageSize=10&sortBy=name&sortDir=asc');
    expect(screen.getByText('3 total')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Client' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByText('Assign managers, open workspaces, and control plan limits.')).toBeInTheDocument();
  });

  it("each row opens the client's detail (Open) and the client's workspace in the dashboard (Open workspace)", async () => {
    serveClients(3);
    renderClients();
    const row = (await screen.findByRole('link', { name: 'Client 2' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Open Client 2' })).toHaveAttribute('href', '/admin/clients/c2');
    expect(within(row).getByRole('link', { name: 'Open workspace of Client 2' })).toHaveAttribute('href', '/dashboard?workspace=c2');
    expect(within(row).getByRole('button', { name: 'Assign Manager for Client 2' })).toBeInTheDocument();
  });

  it('offers Assign Manager to admins and founders only: a manager sees the clients assigned to them', async () => {
    auth.role = 'manager';
    try {
      serveClients(3);
      renderClients();
      const row = (await screen.findByRole('link', { name: 'Client 2' })).closest('tr')!;
      expect(within(row).getByRole('link', { name: 'Open workspace of Client 2' })).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: /Assign Manager/ })).toBeNull();
    } finally {
      auth.role = 'admin';
    }
  });

  it('flips the direction on the current column and keeps the page', async () => {
    const fetchMock = serveClients(45);
    renderClients('/admin/clients?page=3');
    await screen.findByRole('link', { name: 'Client 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Client' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('sortDir')).toBe('desc'));
    expect(lastQuery(fetchMock).get('page')).toBe('3');
    expect(location()).toBe('/admin/clients?sortDir=desc&page=3');
    expect(screen.getByRole('columnheader', { name: 'Client' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts by another column keeping the direction, back on page 1', async () => {
    const fetchMock = serveClients(45);
    renderClients('/admin/clients?sortDir=desc&page=3');
    await screen.findByRole('link', { name: 'Client 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Owner Email' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('sortBy')).toBe('owner'));
    expect(lastQuery(fetchMock).get('sortDir')).toBe('desc');
    expect(lastQuery(fetchMock).get('page')).toBe('1');
    expect(location()).toBe('/admin/clients?sortBy=owner&sortDir=desc');
    expect(screen.getByRole('columnheader', { name: 'Owner Email' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Client' })).not.toHaveAttribute('aria-sort');
  });

  it('debounces the search by 300 ms and resets the page to 1', async () => {
    // Fake timers that also follow real time while the test awaits; the typing below never awaits,
    // so there only the test moves the clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serveClients(45);
    renderClients('/admin/clients?page=2');
    await screen.findByRole('link', { name: 'Client 1' });
    const box = screen.getByPlaceholderText('Search by name or owner…');
    const searches = () => callsTo(fetchMock, '/api/admin/clients').filter((q) => q.has('search'));
    // A keystroke every 200 ms: each one restarts the wait, so nothing is sent while typing…
    for (const text of ['  a', '  ac', '  acm', '  acme']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(200));
    }
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 200 - 1));
    expect(searches()).toHaveLength(0);
    // …and one request for the settled, trimmed text once typing has stopped for 300 ms.
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(lastQuery(fetchMock).get('search')).toBe('acme'));
    expect(lastQuery(fetchMock).get('page')).toBe('1');
    expect(searches()).toHaveLength(1);
    expect(location()).toBe('/admin/clients?search=acme');

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Clear' }));
    expect(box).toHaveValue('');
    expect(location()).toBe('/admin/clients');
  });

  it('filters by status from page 1, and omits status when all', async () => {
    const fetchMock = serveClients(45);
    renderClients('/admin/clients?page=2');
    await screen.findByRole('link', { name: 'Client 1' });
    const filters = screen.getByRole('group', { name: 'Filter by status' });
    await userEvent.click(within(filters).getByRole('button', { name: 'paused' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('status')).toBe('paused'));
    expect(lastQuery(fetchMock).get('page')).toBe('1');
    expect(within(filters).getByRole('button', { name: 'paused' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(filters).getByRole('button', { name: 'all' }));
    await waitFor(() => expect(location()).toBe('/admin/clients'));
    expect(lastQuery(fetchMock).has('status')).toBe(false);
  });

  it('pages with Prev and Next, and changes the page size', async () => {
    const fetchMock = serveClients(25);
    renderClients();
    await screen.findByRole('link', { name: 'Client 1' });
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(fetchMock).get('page')).toBe('2'));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Page 3 of 25 at 10 per page: 3*10 >= 25.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(location()).toBe('/admin/clients?pageSize=20'));
  });

  it('disables Next when the page came back short', async () => {
    serveClients(3);
    renderClients();
    await screen.findByRole('link', { name: 'Client 1' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("shows 'API error: {message}' with an empty list", async () => {
    stubFetch(() => json({ error: 'database unavailable' }, 500));
    renderClients();
    expect(await screen.findByRole('alert')).toHaveTextContent('API error: database unavailable');
    expect(screen.getByText('No clients found')).toBeInTheDocument();
  });

  it('assigns a manager with the trimmed email, closes and reloads', async () => {
    const fetchMock = serveClients(3);
    renderClients();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Manager for Client 1' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Map a staff user to “Client 1”.');
    const before = callsTo(fetchMock, '/api/admin/clients').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument(); // empty does nothing
    await userEvent.type(within(dialog).getByLabelText('Manager email'), '  m@x.test ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/admin/clients/c1/manager' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: 'm@x.test' });
    expect(toast.success).toHaveBeenCalledWith('Manager assigned', { description: 'm@x.test' });
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/clients').length).toBeGreaterThan(before));
  });
});
