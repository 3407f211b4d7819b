import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPostingSlot, TWorkspace } from '@hookline/shared';
import { browserTimeZone } from '@/lib/zoned-time';
import { json, renderPage, stubFetch } from '@/test/render';
import { TEST_WORKSPACE } from '@/test/workspace';
import { PublishingCard } from './publishing-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const BERLIN: TWorkspace = { ...TEST_WORKSPACE, timeZone: 'Europe/Berlin' };
const WEEK: TPostingSlot[] = [
  { weekday: 1, time: '09:00' },
  { weekday: 1, time: '17:30' },
  { weekday: 5, time: '12:00' },
];

/** The posting-slot and workspace routes as the server answers them: what was saved, or a refusal for PUT. */
function serve(slots: TPostingSlot[] = WEEK, refusePut?: Response) {
  let saved = slots;
  return stubFetch((path, init) => {
    if (path === '/api/workspace/posting-slots' && init?.method === 'PUT') {
      if (refusePut) return refusePut;
      saved = (JSON.parse(String(init.body)) as { slots: TPostingSlot[] }).slots;
      return json({ timeZone: 'Europe/Berlin', slots: saved });
    }
    if (path === '/api/workspace/posting-slots') return json({ timeZone: 'Europe/Berlin', slots: saved });
    if (path === '/api/workspace' && init?.method === 'PATCH') return json({ ...TEST_WORKSPACE, ...JSON.parse(String(init.body)) });
    return json({ error: 'unexpected' }, 404);
  });
}

/** The calls that changed something, in order: method, path and body. */
const changes = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT' || init?.method === 'PATCH')
    .map(([url, init]) => [init?.method, new URL(String(url), 'http://localhost').pathname, JSON.parse(String(init?.body))]);

const renderCard = (workspace: TWorkspace) => renderPage(<PublishingCard workspace={workspace} />);
const slotList = () => screen.findByRole('list', { name: 'Posting slots' });
const setTime = (value: string) => fireEvent.change(screen.getByLabelText('Time'), { target: { value } });

describe('Publishing card', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the week grouped by weekday in the workspace zone; the owner adds and removes slots, then saves', async () => {
    const fetchMock = serve();
    renderCard(BERLIN);
    const list = await slotList();
    expect(
      within(within(list).getByRole('list', { name: 'Monday' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['09:00', '17:30']);
    expect(within(list).getByRole('list', { name: 'Friday' })).toHaveTextContent('12:00');
    expect(within(list).queryByRole('list', { name: 'Tuesday' })).not.toBeInTheDocument();
    expect(screen.getByText(/Times are in Europe\/Berlin\./)).toBeInTheDocument();

    // Add Wednesday 08:15 with the keyboard: pick the day, type the time, Enter.
    await userEvent.selectOptions(screen.getByLabelText('Weekday'), 'Wednesday');
    setTime('08:15');
    await userEvent.type(screen.getByLabelText('Time'), '{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Added Wednesday 08:15. Save to keep it.');
    expect(within(list).getByRole('list', { name: 'Wednesday' })).toHaveTextContent('08:15');
    // The same slot again is refused, with why.
    await userEvent.click(screen.getByRole('button', { name: 'Add slot' }));
    expect(screen.getByRole('status')).toHaveTextContent('Wednesday 08:15 is already in the week.');

    // Removing moves focus to the next remove button, so a keyboard user can go on.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Monday 09:00' }));
    expect(screen.getByRole('status')).toHaveTextContent('Removed Monday 09:00. Save to keep the change.');
    expect(screen.getByRole('button', { name: 'Remove Monday 17:30' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Save slots' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Posting slots saved', undefined));
    expect(changes(fetchMock)).toEqual([
      [
        'PUT',
        '/api/workspace/posting-slots',
        {
          slots: [
            { weekday: 1, time: '17:30' },
            { weekday: 3, time: '08:15' },
            { weekday: 5, time: '12:00' },
          ],
        },
      ],
    ]);
  });

  it('without a workspace zone, saving first gives the workspace the browser zone, and says so', async () => {
    const fetchMock = serve([]);
    renderCard({ ...TEST_WORKSPACE, timeZone: null });
    const zone = browserTimeZone();
    expect(await screen.findByText('No posting slots yet.')).toBeInTheDocument();
    expect(screen.getByText(`This workspace has no time zone yet: saving sets it to ${zone}.`, { exact: false })).toBeInTheDocument();
    setTime('10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add slot' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save slots' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Posting slots saved', {
        description: `The workspace's time zone is now ${zone}: its slots and schedules use it for everyone.`,
      }),
    );
    expect(changes(fetchMock)).toEqual([
      ['PATCH', '/api/workspace', { timeZone: zone }],
      ['PUT', '/api/workspace/posting-slots', { slots: [{ weekday: 1, time: '10:00' }] }],
    ]);
  });

  it('a refused save is reported and the edits stay', async () => {
    serve(WEEK, json({ error: 'at most 100 posting slots' }, 400));
    renderCard({ ...BERLIN, access: 'staff' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Friday 12:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save slots' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Save failed', { description: 'at most 100 posting slots' }));
    expect(screen.queryByRole('button', { name: 'Remove Friday 12:00' })).not.toBeInTheDocument();
  });

  it('late posts: hold those more than N minutes late, or publish them when Hookline is back', async () => {
    const fetchMock = serve();
    renderCard(BERLIN);
    const publish = screen.getByRole('radio', { name: 'Publish them when Hookline is back' });
    expect(publish).toBeChecked();
    const minutes = screen.getByLabelText('Minutes late before a post is held');
    expect(minutes).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: /^Hold posts more than/ }));
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save late posts' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of minutes from 1 to 10080 (a week).');
    expect(minutes).toHaveFocus();
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(changes(fetchMock)).toEqual([]);

    await userEvent.clear(minutes);
    await userEvent.type(minutes, '45');
    expect(screen.getByRole('radio', { name: 'Hold posts more than 45 minutes late for me to decide' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save late posts' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Posts more than 45 minutes late will be held for you'));
    expect(changes(fetchMock)).toEqual([['PATCH', '/api/workspace', { holdLateMinutes: 45 }]]);
  });

  it('a held setting shows as chosen, and switching back saves null', async () => {
    const fetchMock = serve();
    renderCard({ ...BERLIN, holdLateMinutes: 90 });
    expect(screen.getByRole('radio', { name: 'Hold posts more than 90 minutes late for me to decide' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Publish them when Hookline is back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save late posts' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Late posts will be published when Hookline is back'));
    expect(changes(fetchMock)).toEqual([['PATCH', '/api/workspace', { holdLateMinutes: null }]]);
  });

  it('a teammate sees slots and the late-post rule read-only, and who changes them', async () => {
    const fetchMock = serve();
    renderCard({ ...BERLIN, access: 'editor', holdLateMinutes: 30 });
    const list = await slotList();
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add slot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Hold posts more than 30 minutes late for me to decide' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Publish them when Hookline is back' })).toBeDisabled();
    expect(screen.getByText('Only the owner of Acme or the Hookline team can change publishing settings.')).toBeInTheDocument();
    expect(changes(fetchMock)).toEqual([]);
  });
});
