import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import type { TWorkspace } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { DangerZoneCard } from './danger-zone-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const WORKSPACE: TWorkspace = {
  id: 'w1',
  name: 'Acme Studio',
  owner: 'me@x.test',
  plan: 'self_serve',
  status: 'active',
  timeZone: null,
  cadence: 'Daily',
  access: 'owner',
  requireApproval: false,
  holdLateMinutes: null,
};

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderCard(workspace = WORKSPACE) {
  renderPage(
    <>
      <DangerZoneCard workspace={workspace} />
      <Location />
    </>,
    '/dashboard/settings',
  );
}

describe('Delete workspace', () => {
  beforeEach(() => vi.clearAllMocks());

  it('asks for the exact workspace name before deleting, then goes to /dashboard', async () => {
    const fetchMock = stubFetch((path, init) =>
      path === '/api/workspace' && init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ error: 'unexpected' }, 404),
    );
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Delete workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete workspace' });
    expect(dialog).toHaveTextContent('Type Acme Studio to confirm.');
    const name = within(dialog).getByLabelText('Workspace name');
    const confirm = within(dialog).getByRole('button', { name: 'Delete workspace' });
    expect(confirm).toBeDisabled();

    for (const wrong of ['acme studio', 'Acme Studio ', 'Acme']) {
      await userEvent.clear(name);
      await userEvent.type(name, wrong);
      expect(confirm, wrong).toBeDisabled();
    }
    // Enter with a wrong name does nothing either.
    await userEvent.type(name, '{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Studio');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    // toHaveTextContent would match '/dashboard/settings' before the navigation happens.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(toast.success).toHaveBeenCalledWith('Workspace deleted', { description: 'Acme Studio' });
    const [[url, init]] = fetchMock.mock.calls;
    expect(String(url)).toBe('/api/workspace');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ confirmName: 'Acme Studio' });
  });

  it('keeps the dialog open with the server message when deleting fails', async () => {
    stubFetch(() => json({ error: 'confirmName: type the workspace name "Acme Studio" exactly to delete it' }, 400));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Delete workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete workspace' });
    await userEvent.type(within(dialog).getByLabelText('Workspace name'), 'Acme Studio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('type the workspace name "Acme Studio" exactly');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/settings');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('Cancel closes without deleting', async () => {
    const fetchMock = stubFetch(() => json({}));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Delete workspace' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers no deletion to staff working in the workspace, and says who can delete it', () => {
    const fetchMock = stubFetch(() => json({}));
    renderCard({ ...WORKSPACE, access: 'staff' });
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Danger zone' })).toHaveTextContent(
      'Only the client who owns it can delete Acme Studio with all its drafts, channels and files.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
