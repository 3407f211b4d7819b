import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { EMPTY_ONBOARDING_DATA, type TOnboardingSubmission, type TRequest } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import RequestDetailPage from './request-detail-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const REQUEST: TRequest = {
  id: 'r1',
  type: 'support',
  subject: 'Cannot connect Instagram',
  requester: 'nia@x.test',
  status: 'open',
  createdAt: '2025-03-01T10:00:00Z',
  clientId: null,
};

const renderDetail = (id = 'r1') =>
  renderPage(
    <Routes>
      <Route path="/admin/requests/:id" element={<RequestDetailPage />} />
    </Routes>,
    `/admin/requests/${id}`,
  );

describe('Request detail', () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows 'Request not found' with a way back", async () => {
    stubFetch(() => json({ error: 'Request not found' }, 404));
    renderDetail('nope');
    expect(await screen.findByRole('heading', { name: 'Request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Requests' })).toHaveAttribute('href', '/admin/requests');
  });

  it('sets the status and says so with the underscore as a space', async () => {
    let current = REQUEST;
    const fetchMock = stubFetch((path, init) => {
      if (path === '/api/admin/requests/r1' && init?.method === 'PATCH') current = { ...current, ...JSON.parse(String(init.body)) };
      if (path === '/api/admin/requests/r1') return json(current);
      return json([]);
    });
    renderDetail();
    const group = await screen.findByRole('group', { name: 'Request status' });
    expect(within(group).getByRole('button', { name: 'open' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: 'in progress' }));
    await waitFor(() => expect(within(group).getByRole('button', { name: 'in progress' })).toHaveAttribute('aria-pressed', 'true'));
    expect(toast.success).toHaveBeenCalledWith('Request updated', { description: 'Status set to in progress' });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'in_progress' });
  });

  it("keeps a note on screen as 'you' when the API is not available", async () => {
    stubFetch((path, init) => {
      if (path.endsWith('/notes') && init?.method === 'POST') return Promise.reject(new TypeError('Failed to fetch'));
      if (path === '/api/admin/requests/r1') return json(REQUEST);
      if (path.endsWith('/timeline')) return json({ error: 'down' }, 500);
      return json({ error: 'x' }, 404);
    });
    renderDetail();
    await screen.findByRole('heading', { name: 'Cannot connect Instagram' });
    const note = screen.getByPlaceholderText('Add internal note…');
    await userEvent.type(note, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(toast.warning).not.toHaveBeenCalled();
    await userEvent.type(note, 'Called the client');
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Saved locally', { description: 'API not available' }));
    const activity = screen.getByRole('list', { name: 'Activity' });
    expect(within(activity).getByText('Called the client')).toBeInTheDocument();
    expect(within(activity).getByText(/^you ·/)).toBeInTheDocument();
    expect(note).toHaveValue('');
  });

  it('shows kept questionnaire answers beside the record, marks what changed, and applies them once', async () => {
    const onboarding: TRequest = { ...REQUEST, type: 'onboarding', subject: 'Onboarding answers to review: Nia Co', clientId: 'c1' };
    const record = { ...EMPTY_ONBOARDING_DATA, name: 'Nia', email: 'nia@x.test', brand: 'Nia Co', goals: 'Grow', cadence: 'Weekly' };
    let submission: TOnboardingSubmission = {
      id: 's1',
      createdAt: '2025-03-02T09:00:00Z',
      clientId: 'c1',
      data: { ...record, goals: 'Grow on TikTok', channels: ['TikTok'] },
      current: record,
      appliedAt: null,
      appliedBy: null,
    };
    stubFetch((path, init) => {
      if (path === '/api/admin/requests/r1') return json(onboarding);
      if (path === '/api/admin/requests/r1/submission/apply' && init?.method === 'POST') {
        submission = { ...submission, current: submission.data, appliedAt: '2025-03-03T09:00:00Z', appliedBy: 'max@hookline.test' };
        return json(submission);
      }
      if (path === '/api/admin/requests/r1/submission') return json({ submission });
      return json([]);
    });
    renderDetail();
    const table = await screen.findByRole('table', { name: /Submitted answers beside/ });
    const goals = within(table).getByRole('row', { name: /Goals/ });
    expect(within(goals).getByText('changed')).toBeInTheDocument();
    expect(within(goals).getByText('Grow')).toBeInTheDocument();
    expect(within(goals).getByText('Grow on TikTok')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Brand/ })).queryByText('changed')).toBeNull();
    expect(screen.getByText(/2 values differ from the record/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Apply to record' }));
    expect(await screen.findByText(/Applied .* by max@hookline\.test/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply to record' })).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('Answers applied', { description: "They are now the client's onboarding record." });
  });

  it('does not ask for kept answers on a support request', async () => {
    const fetchMock = stubFetch((path) => (path === '/api/admin/requests/r1' ? json(REQUEST) : json([])));
    renderDetail();
    await screen.findByRole('heading', { name: 'Cannot connect Instagram' });
    expect(fetchMock.mock.calls.some(([path]) => String(path).endsWith('/submission'))).toBe(false);
  });
});
