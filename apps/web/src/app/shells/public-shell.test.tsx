import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '@/test/match-media';
import { renderPage } from '@/test/render';
import { PublicShell } from './public-shell';

vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ loaded: true, user: null, isStaff: false, isFounder: false, refresh: vi.fn(), signOut: vi.fn() }),
}));

function renderShell() {
  stubMatchMedia();
  renderPage(
    <PublicShell>
      <h1>Page</h1>
    </PublicShell>,
  );
  return userEvent.setup();
}

/** The phone menu under the top bar (jsdom applies no breakpoint, so the desktop links are there too). */
const phoneMenu = () => document.getElementById('public-mobile-menu')!;

afterEach(() => vi.unstubAllGlobals());

describe('public top bar on a phone', () => {
  it('hides the closed menu: none of its links are exposed or reachable', () => {
    renderShell();
    expect(phoneMenu()).not.toBeVisible();
    expect(within(phoneMenu()).queryAllByRole('link')).toEqual([]);
  });

  it('keeps Tab within the top bar while the menu is open, and gives focus back to the toggle on Escape', async () => {
    const user = renderShell();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = within(phoneMenu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Benefits', 'Services', 'Pricing', 'Sign In']);

    await user.tab();
    expect(links[0]).toHaveFocus();
    links.at(-1)!.focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Hookline home' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-1)).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    expect(phoneMenu()).not.toBeVisible();
  });
});

describe('public shell', () => {
  it('starts with a Skip to content link that moves focus to the main region', async () => {
    const user = renderShell();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Page' }));
  });
});
