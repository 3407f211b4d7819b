import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDraft } from '@hookline/shared';
import { makeDraft, WORKSPACE } from '@/features/content/test-server';
import { json, renderPage, stubFetch } from '@/test/render';
import CalendarPage from './calendar-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const PAST = 'The time must be in the future.';

/**
 * The calendar's server: the workspace (times in Berlin), its calendar, and the schedule endpoint,
 * which moves a post to the wall-clock time it is sent (as UTC here: the test only reads the call)
 * and, as if today were March 6, 2030, refuses an earlier time like the server refuses a past one.
 */
function serveCalendar(posts: TDraft[]) {
  const fetchMock = stubFetch((path, init) => {
    if (path === '/api/workspace') return json({ ...WORKSPACE, timeZone: 'Europe/Berlin' });
    if (path === '/api/calendar') return json({ timeZone: 'Europe/Berlin', posts, truncated: false });
    const schedule = path.match(/^\/api\/drafts\/([^/]+)\/schedule$/);
    const post = posts.find((candidate) => candidate.id === schedule?.[1]);
    if (post && init?.method === 'POST') {
      const { local } = JSON.parse(String(init.body)) as { local: string };
      if (local < '2030-03-06') return json({ error: PAST }, 400);
      Object.assign(post, { status: 'queued', scheduledAt: `${local}:00.000Z`, failureReason: null });
      return json({ ...post });
    }
    return json({ error: `No route for ${path}` }, 404);
  });
  const scheduleCalls = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url).endsWith('/schedule') && init?.method === 'POST')
      .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));
  return { fetchMock, scheduleCalls };
}

/** A fake DataTransfer: jsdom has none, and the chip sets its data when a drag starts. */
const dataTransfer = () => ({ setData: vi.fn(), getData: vi.fn(), dropEffect: 'none', effectAllowed: 'all' });
const slot = (container: HTMLElement, name: string) => {
  const element = container.querySelector(`[data-slot="${name}"]`);
  if (!element) throw new Error(`no slot ${name}`);
  return element as HTMLElement;
};

describe('Calendar page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('places posts by their time in the workspace zone, with status words, channel and first words', async () => {
    serveCalendar([
      makeDraft({ id: 'late', status: 'queued', scheduledAt: '2030-03-04T23:30:00.000Z', text: 'Late night launch of the spring menu' }),
      makeDraft({ id: 'out', channel: 'linkedin', status: 'published', publishedAt: '2030-03-06T08:00:00.000Z', text: 'We are hiring' }),
      makeDraft({
        id: 'bad',
        channel: 'twitter',
        status: 'failed',
        scheduledAt: '2030-03-07T11:00:00.000Z',
        failureReason: 'Token expired',
      }),
    ]);
    const { container } = renderPage(<CalendarPage />, '/dashboard/calendar?view=week&date=2030-03-06');
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Mar 4 – Mar 10, 2030' })).toBeInTheDocument();

    // 23:30 UTC on Monday is 00:30 on Tuesday in Berlin: Tuesday's midnight slot, not Monday's last.
    const tuesday = await screen.findByRole('region', { name: 'Tuesday, March 5' });
    const late = within(tuesday).getByRole('button', { name: /Late night launch/ });
    expect(late).toHaveTextContent(/^12:30\sAMQueuedInstagramLate night launch of the spring menu$/);
    expect(within(slot(container, '2030-03-05T00')).getByRole('button')).toBe(late);
    expect(within(screen.getByRole('region', { name: 'Monday, March 4' })).queryAllByRole('button')).toEqual([]);
    expect(late).toHaveAttribute('draggable', 'true');

    const published = within(slot(container, '2030-03-06T09')).getByRole('button');
    expect(published).toHaveTextContent(/PublishedLinkedInWe are hiring/);
    expect(published).toHaveAttribute('draggable', 'false');
    expect(within(slot(container, '2030-03-07T12')).getByRole('button')).toHaveTextContent(/FailedTwitter/);
  });

  it('moves a post from its dialog with the keyboard, sending the wall-clock time and the zone, and announces it', async () => {
    const { scheduleCalls } = serveCalendar([
      makeDraft({
        id: 'm1',
        status: 'held',
        scheduledAt: '2030-03-05T08:15:00.000Z',
        text: 'Spring menu',
        failureReason: 'It was due 3 hours before Hookline could publish it.',
      }),
    ]);
    const user = userEvent.setup();
    renderPage(<CalendarPage />, '/dashboard/calendar?view=month&date=2030-03-06');
    const chip = await screen.findByRole('button', { name: /Spring menu/ });
    chip.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Instagram post' });
    expect(within(dialog).getByText(/Held: It was due 3 hours before/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Edit in Content' })).toHaveAttribute('href', '/dashboard/content');
    const field = within(dialog).getByLabelText('Move to');
    // Shown in the calendar's zone: 08:15 UTC is 09:15 in Berlin.
    expect(field).toHaveValue('2030-03-05T09:15');
    expect(field).toHaveAccessibleDescription('Date and time in Europe/Berlin.');

    // A past time: the server's words, and the dialog stays open.
    fireEvent.change(field, { target: { value: '2030-03-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAST);

    fireEvent.change(field, { target: { value: '2030-03-08T17:45' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(scheduleCalls().at(-1)).toEqual({
      url: '/api/drafts/m1/schedule',
      body: { local: '2030-03-08T17:45', timeZone: 'Europe/Berlin' },
    });
    expect(screen.getByText(/^“Spring menu” moved to Mar 8, 2030, /)).toBeInTheDocument();
  });

  it('moves a dragged post: onto an hour in the week view (keeping its minutes), onto a day in the month view (keeping its time)', async () => {
    const { scheduleCalls } = serveCalendar([
      makeDraft({ id: 'd1', status: 'failed', scheduledAt: '2030-03-05T08:40:00.000Z', text: 'Retry me' }),
    ]);
    const { container, unmount } = renderPage(<CalendarPage />, '/dashboard/calendar?view=week&date=2030-03-06');
    const chip = await screen.findByRole('button', { name: /Retry me/ });
    fireEvent.dragStart(chip, { dataTransfer: dataTransfer() });
    const target = slot(container, '2030-03-07T14');
    fireEvent.dragOver(target, { dataTransfer: dataTransfer() });
    fireEvent.drop(target, { dataTransfer: dataTransfer() });
    await waitFor(() => expect(scheduleCalls()).toHaveLength(1));
    expect(scheduleCalls()[0]).toEqual({ url: '/api/drafts/d1/schedule', body: { local: '2030-03-07T14:40', timeZone: 'Europe/Berlin' } });
    expect(await screen.findByText(/^“Retry me” moved to /)).toBeInTheDocument();
    unmount();

    const month = renderPage(<CalendarPage />, '/dashboard/calendar?view=month&date=2030-03-06');
    // Now queued at 14:40 UTC on the 7th (the stub's answer), 15:40 in Berlin.
    const moved = await screen.findByRole('button', { name: /Retry me/ });
    fireEvent.dragStart(moved, { dataTransfer: dataTransfer() });
    fireEvent.drop(slot(month.container, '2030-03-20'), { dataTransfer: dataTransfer() });
    await waitFor(() => expect(scheduleCalls()).toHaveLength(2));
    expect(scheduleCalls()[1].body).toEqual({ local: '2030-03-20T15:40', timeZone: 'Europe/Berlin' });
  });

  it('says why a drop was refused, and does not move a post dropped where it is', async () => {
    const { scheduleCalls } = serveCalendar([
      makeDraft({ id: 'p1', status: 'queued', scheduledAt: '2030-03-07T08:40:00.000Z', text: 'Stay' }),
    ]);
    const { container } = renderPage(<CalendarPage />, '/dashboard/calendar?view=week&date=2030-03-06');
    const chip = await screen.findByRole('button', { name: /Stay/ });
    fireEvent.dragStart(chip, { dataTransfer: dataTransfer() });
    fireEvent.drop(slot(container, '2030-03-07T09'), { dataTransfer: dataTransfer() });
    expect(scheduleCalls()).toEqual([]);
    // Dropped without a drag in progress (a file from the desktop, say): nothing happens either.
    fireEvent.drop(slot(container, '2030-03-08T09'), { dataTransfer: dataTransfer() });
    expect(scheduleCalls()).toEqual([]);

    // Onto a day that is past: the server's words, in a toast and announced; the post stays.
    fireEvent.dragStart(chip, { dataTransfer: dataTransfer() });
    fireEvent.drop(slot(container, '2030-03-04T09'), { dataTransfer: dataTransfer() });
    expect(await screen.findByText(`“Stay” was not moved: ${PAST}`)).toBeInTheDocument();
    expect(scheduleCalls()).toEqual([{ url: '/api/drafts/p1/schedule', body: { local: '2030-03-04T09:40', timeZone: 'Europe/Berlin' } }]);
    expect(toast.error).toHaveBeenCalledWith('Could not move the post', { description: PAST });
    expect(within(slot(container, '2030-03-07T09')).getByRole('button', { name: /Stay/ })).toBeInTheDocument();
  });

  it('shows a published post without a move, with where it went', async () => {
    serveCalendar([
      makeDraft({ id: 'h1', status: 'published', publishedAt: '2030-03-05T08:00:00.000Z', publishedTo: 'hookline', text: 'Only here' }),
      makeDraft({
        id: 'n1',
        channel: 'twitter',
        status: 'published',
        publishedAt: '2030-03-06T08:00:00.000Z',
        publishedTo: 'twitter',
        postUrl: 'https://x.example/status/1',
        text: 'On the network',
      }),
    ]);
    const user = userEvent.setup();
    renderPage(<CalendarPage />, '/dashboard/calendar?view=month&date=2030-03-06');
    await user.click(await screen.findByRole('button', { name: /Only here/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Instagram post' });
    expect(within(dialog).getByText(/^Published in Hookline only/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Move to')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: /On the network/ }));
    const other = await screen.findByRole('dialog', { name: 'Twitter post' });
    expect(within(other).getByRole('link', { name: /View the post on Twitter/ })).toHaveAttribute('href', 'https://x.example/status/1');
    expect(within(other).queryByText(/Hookline only/)).not.toBeInTheDocument();
  });
});
