import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWorkspace } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { TEST_WORKSPACE } from '@/test/workspace';
import { ReviewCard } from './review-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

/** PATCH /api/workspace as the server answers it: the workspace as saved, or a refusal. */
function serve(answer?: Response) {
  return stubFetch((path, init) => {
    if (path === '/api/workspace' && init?.method === 'PATCH')
      return answer ?? json({ ...TEST_WORKSPACE, ...JSON.parse(String(init.body)) });
    return json({ error: 'unexpected' }, 404);
  });
}

const renderCard = (workspace: TWorkspace) => renderPage(<ReviewCard workspace={workspace} />);
const patches = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));

describe('Review card', () => {
  beforeEach(() => vi.clearAllMocks());

  it('the owner switches approval on, with what it means', async () => {
    const fetchMock = serve();
    renderCard({ ...TEST_WORKSPACE, requireApproval: false });
    const toggle = screen.getByRole('switch', { name: 'Require approval before publishing' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(
      'When on, a draft is queued or published only after the owner or an approver has approved it.',
    );
    await userEvent.click(toggle);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Approval required before publishing'));
    expect(patches(fetchMock)).toEqual([{ requireApproval: true }]);
  });

  it('staff switch it off; a refusal is reported', async () => {
    const fetchMock = serve(json({ error: 'Database is down' }, 503));
    renderCard({ ...TEST_WORKSPACE, access: 'staff', requireApproval: true });
    const toggle = screen.getByRole('switch', { name: 'Require approval before publishing' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Save failed', { description: 'Database is down' }));
    expect(patches(fetchMock)).toEqual([{ requireApproval: false }]);
  });

  it('a teammate sees the setting read-only, and who changes it', async () => {
    const fetchMock = serve();
    renderCard({ ...TEST_WORKSPACE, access: 'approver', requireApproval: true });
    const toggle = screen.getByRole('switch', { name: 'Require approval before publishing' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Only the owner of Acme or the Hookline team can change this.')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(patches(fetchMock)).toEqual([]);
  });
});
