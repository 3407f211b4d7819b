import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminCalendarPost, TWorkspaceSummary } from '@hookline/shared';
import { makeDraft } from '@/features/content/test-server';
import { json, renderPage, stubFetch } from '@/test/render';
import { callsTo, LocationProbe } from '../test-helpers';
import type * as ZonedTime from '@/lib/zoned-time';
import AdminCalendarPage from './calendar-page';

vi.mock('@/lib/zoned-time', async (importOriginal) => ({
  ...(await importOriginal<typeof ZonedTime>()),
  // The staff member's own zone, whatever the machine running the test is in.
  browserTimeZone: () => 'America/New_York',
}));

const client = (id: string, name: string): TWorkspaceSummary => ({
  id,
  name,
  owner: `${id}@x.test`,
  status: 'active',
  plan: 'managed',
  planMonthlyUsd: 1000,
  createdAt: '2030-01-01T00:00:00.000Z',
});
const post = (workspaceId: string, workspaceName: string, over: Parameters<typeof makeDraft>[0]): TAdminCalendarPost => ({
  ...makeDraft(over),
  workspaceId,
  workspaceName,
});

const POSTS = [
  post('c1', 'Ana Bakes', { id: 'a1', status: 'queued', scheduledAt: '2030-03-05T14:00:00.000Z', text: 'Fresh sourdough' }),
  post('c2', 'Bo Bikes', {
    id: 'b1',
    channel: 'youtube',
    status: 'failed',
    scheduledAt: '2030-03-05T03:30:00.000Z',
    text: 'Spring tune-up',
    failureReason: 'Quota exceeded',
  }),
];

function serveAdminCalendar() {
  return stubFetch((path) => {
    if (path === '/api/admin/clients') return json({ rows: [client('c1', 'Ana Bakes'), client('c2', 'Bo Bikes')], total: 2 });
    if (path === '/api/admin/calendar') return json({ posts: POSTS, truncated: false });
    return json({ error: `No route for ${path}` }, 404);
  });
}

describe('Admin calendar page', () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows every client's posts in the staff member's zone, each naming its client; nothing can be dragged", async () => {
    serveAdminCalendar();
    renderPage(<AdminCalendarPage />, '/admin/calendar?view=month&date=2030-03-06');
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByText(/Times in America\/New York\./)).toBeInTheDocument();
    // 03:30 UTC on March 5 is 22:30 on March 4 in New York.
    const fourth = await screen.findByRole('region', { name: 'Monday, March 4' });
    const failed = within(fourth).getByRole('button', { name: /Spring tune-up/ });
    expect(failed).toHaveTextContent(/^10:30\sPMFailedYouTube · Bo BikesSpring tune-up$/);
    expect(failed).toHaveAttribute('draggable', 'false');
    const fifth = screen.getByRole('region', { name: 'Tuesday, March 5' });
    expect(within(fifth).getByRole('button', { name: /Fresh sourdough/ })).toHaveTextContent(/Instagram · Ana Bakes/);
  });

  it("opens a post's details with the way into its client's workspace", async () => {
    serveAdminCalendar();
    const user = userEvent.setup();
    renderPage(<AdminCalendarPage />, '/admin/calendar?view=week&date=2030-03-06');
    await user.click(await screen.findByRole('button', { name: /Spring tune-up/ }));
    const dialog = await screen.findByRole('dialog', { name: 'YouTube post' });
    expect(within(dialog).getByText('Bo Bikes')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed: Quota exceeded');
    expect(within(dialog).getByRole('link', { name: 'Open workspace of Bo Bikes' })).toHaveAttribute(
      'href',
      '/dashboard/calendar?workspace=c2',
    );
    expect(within(dialog).queryByLabelText('Move to')).not.toBeInTheDocument();
  });

  it('filters by client and channel, kept in the address, and asks the server for the shown weeks', async () => {
    const fetchMock = serveAdminCalendar();
    const user = userEvent.setup();
    renderPage(
      <>
        <AdminCalendarPage />
        <LocationProbe />
      </>,
      '/admin/calendar?view=month&date=2030-03-06',
    );
    await screen.findByRole('button', { name: /Fresh sourdough/ });
    expect(Object.fromEntries(callsTo(fetchMock, '/api/admin/calendar').at(-1)!)).toEqual({
      from: '2030-02-24T10:00:00.000Z',
      to: '2030-04-08T14:00:00.000Z',
    });

    const clientSelect = screen.getByLabelText('Client');
    await waitFor(() => expect(within(clientSelect).getByRole('option', { name: 'Bo Bikes' })).toBeInTheDocument());
    await user.selectOptions(clientSelect, 'c2');
    await user.selectOptions(screen.getByLabelText('Channel'), 'youtube');
    await waitFor(() =>
      expect(Object.fromEntries(callsTo(fetchMock, '/api/admin/calendar').at(-1)!)).toMatchObject({ clientId: 'c2', channel: 'youtube' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('client=c2');
    expect(screen.getByTestId('location')).toHaveTextContent('channel=youtube');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'April 2030' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/calendar').at(-1)!.get('from')).toBe('2030-03-31T10:00:00.000Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Apr 1 – Apr 7, 2030' })).toBeInTheDocument();
  });
});
