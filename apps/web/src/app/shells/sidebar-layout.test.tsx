import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileText, LayoutDashboard } from 'lucide-react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@/test/match-media';
import { renderPage } from '@/test/render';
import { SidebarLayout } from './sidebar-layout';

const ITEMS = [
  { to: '/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/content', label: 'Content', icon: FileText },
];

function renderLayout(onManageProfile = vi.fn()) {
  renderPage(
    <Routes>
      <Route
        path="/dashboard/*"
        element={
          <SidebarLayout
            label="Dashboard"
            items={ITEMS}
            user={{ name: 'Sam Shell' }}
            onSignOut={vi.fn()}
            onManageProfile={onManageProfile}
          />
        }
      >
        <Route index element={<h1>Overview page</h1>} />
        <Route path="content" element={<h1>Content page</h1>} />
      </Route>
    </Routes>,
    '/dashboard',
  );
  return { user: userEvent.setup(), toggle: screen.getByRole('button', { name: 'Menu' }) };
}

const sidebar = () => document.getElementById('sidebar')!;

afterEach(() => vi.unstubAllGlobals());

describe('dashboard and admin frame on a phone', () => {
  it('makes the closed menu inert and keeps it out of the accessibility tree', () => {
    stubMatchMedia();
    renderLayout();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Content' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    // jsdom does not act on inert; browsers take the subtree out of the tab order (e2e: layout.spec.ts).
    expect(sidebar()).toHaveAttribute('inert');
  });

  it('moves focus into the open menu, cycles Tab within it, and gives focus back to the Menu button on Escape', async () => {
    stubMatchMedia();
    const { user, toggle } = renderLayout();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent?.trim()),
    ).toEqual(['Overview', 'Content']);
    const first = within(sidebar()).getByRole('link', { name: 'Hookline' });
    const last = within(sidebar()).getByRole('button', { name: 'Sign out' });
    expect(first).toHaveFocus();

    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    for (let stop = 0; stop < 6; stop += 1) {
      await user.tab();
      expect(sidebar()).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(sidebar()).toHaveAttribute('inert');
  });

  it('closes on its close button and on navigation, focus back on the Menu button each time', async () => {
    stubMatchMedia();
    const { user, toggle } = renderLayout();
    await user.click(toggle);
    await user.click(within(sidebar()).getByRole('button', { name: 'Close menu' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Content' }));
    expect(await screen.findByRole('heading', { name: 'Content page' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes before Manage profile opens its dialog', async () => {
    stubMatchMedia();
    const onManageProfile = vi.fn();
    const { user, toggle } = renderLayout(onManageProfile);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Manage profile' }));
    expect(onManageProfile).toHaveBeenCalledOnce();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('dashboard and admin frame', () => {
  it('shows the sidebar on a wide screen', () => {
    stubMatchMedia(['(min-width: 64rem)']);
    renderLayout();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sidebar()).not.toHaveAttribute('inert');
  });

  it('starts with a Skip to content link that moves focus to the main region', async () => {
    stubMatchMedia();
    const { user } = renderLayout();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Overview page' }));
  });
});
