import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAccessibleWorkspace } from '@hookline/shared';
import { clearActiveWorkspace, getActiveWorkspaceId } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { json, renderPage, stubFetch } from '@/test/render';
import { WorkspaceUnavailablePanel } from './choose-workspace-panel';
import { WorkspaceBanner } from './workspace-banner';
import { WorkspaceSwitcher } from './workspace-switcher';

/** A client's list: their own workspace and the two they are a teammate in. */
const MINE: TAccessibleWorkspace[] = [
  { id: 'ws-own', name: 'Ada Bakes', owner: 'ada@x.test', access: 'owner' },
  { id: 'ws-nia', name: 'Nia Co', owner: 'nia@x.test', access: 'editor' },
  { id: 'ws-bo', name: 'Bo Bakery', owner: 'bo@x.test', access: 'approver' },
];

const serve = (workspaces: TAccessibleWorkspace[] = MINE) =>
  stubFetch((path) => (path === '/api/workspaces' ? json({ workspaces }) : json({ error: 'unexpected' }, 404)));

afterEach(() => {
  clearActiveWorkspace();
  vi.unstubAllGlobals();
});

describe('Workspace switcher for a client', () => {
  it('lists their own workspace and those they are a teammate in, each with their part in it', async () => {
    serve();
    renderPage(<WorkspaceSwitcher forStaff={false} currentId="ws-nia" />);
    expect(screen.getByRole('searchbox', { name: 'Find a workspace' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Workspaces' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Ada Bakesada@x.test · Yours',
      'Nia Conia@x.test · EditorOpen now',
      'Bo Bakerybo@x.test · Approver',
    ]);
    expect(links[1]).toHaveAttribute('aria-current', 'true');
    expect(links[2]).toHaveAttribute('href', '/dashboard?workspace=ws-bo');
    expect(screen.getByRole('status')).toHaveTextContent('3 workspaces');
  });

  it('staff still find clients, with no part named', async () => {
    serve([{ id: 'ws-nia', name: 'Nia Co', owner: 'nia@x.test', access: 'staff' }]);
    renderPage(<WorkspaceSwitcher />);
    const list = await screen.findByRole('list', { name: 'Clients' });
    expect(within(list).getByRole('link')).toHaveTextContent(/^Nia Conia@x\.test$/);
    expect(screen.getByRole('status')).toHaveTextContent('1 client');
  });
});

describe('Workspace banner for a teammate', () => {
  it('says how they work there and switches among their workspaces, with no way to a console', async () => {
    serve();
    renderPage(<WorkspaceBanner workspace={{ id: 'ws-nia', name: 'Nia Co', access: 'editor' }} />);
    const banner = screen.getByRole('region', { name: 'Shared workspace' });
    expect(banner).toHaveTextContent('Working in Nia Co’s workspace as an editor');
    expect(within(banner).queryByRole('link', { name: 'Back to console' })).not.toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Switch workspace' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Find a workspace' })).toHaveFocus());
    expect(await screen.findByRole('list', { name: 'Workspaces' })).toBeInTheDocument();
  });

  it('for staff keeps the client wording and the way back', () => {
    serve();
    renderPage(<WorkspaceBanner workspace={{ id: 'ws-nia', name: 'Nia Co', access: 'staff' }} />);
    const banner = screen.getByRole('region', { name: 'Client workspace' });
    expect(within(banner).getByRole('button', { name: 'Switch client' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Back to console' })).toHaveAttribute('href', '/admin');
  });
});

describe('A workspace that cannot be opened, for a client', () => {
  it('says why, lists the workspaces they may open, and can take them back to their own', async () => {
    serve();
    openWorkspaceForTest('ws-gone');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage(<WorkspaceUnavailablePanel message="Workspace not found" isStaff={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Workspace not found');
    expect(await screen.findByRole('list', { name: 'Workspaces' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to my workspace' }));
    expect(assign).toHaveBeenCalledWith('/dashboard');
    expect(getActiveWorkspaceId()).toBeNull();
  });
});
