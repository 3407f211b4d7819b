import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh lib/toast.ts for each test, which knows whether a toast has been raised yet.
async function renderToaster() {
  const [{ ToasterHost }, { toast }] = await Promise.all([import('./toaster-host'), import('@/lib/toast')]);
  render(<ToasterHost />);
  return { toast, region: screen.getByRole('status', { name: 'Notifications' }) };
}

beforeEach(() => {
  vi.resetModules();
  // Timers that also run on their own, so that Testing Library's waits still end; advanced by hand below.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  // sonner, loaded once for the whole file, would show this test's toasts again in the next one.
  sonner.dismiss();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('have a polite live region in the page before the first toast, and appear inside it', async () => {
    const { toast, region } = await renderToaster();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    act(() => toast.success('Settings saved'));
    expect(await within(region).findByText('Settings saved')).toBeInTheDocument();
  });

  it('are announced by that region alone, each new toast on its own: the live region sonner draws inside it stays quiet', async () => {
    const { toast, region } = await renderToaster();
    act(() => toast.success('Settings saved'));
    await within(region).findByText('Settings saved');
    act(() => toast.warning('Almost full'));
    await within(region).findByText('Almost full');
    // A live region inside another may be announced twice; role=status alone would reread every toast shown.
    expect(region.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]')).toHaveLength(0);
    expect(region).toHaveAttribute('aria-atomic', 'false');
    expect(region).toHaveAttribute('aria-relevant', 'additions text');
  });

  it('keep an error until it is dismissed, while others go after 3.5 s', async () => {
    const { toast } = await renderToaster();
    act(() => {
      toast.error('Save failed', { description: 'Unknown error' });
      toast.success('Settings saved');
    });
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
    expect(screen.getByText('Save failed')).toBeInTheDocument();
    expect(screen.getByText('Unknown error')).toBeInTheDocument();
  });

  it('each have a dismiss button', async () => {
    const { toast } = await renderToaster();
    act(() => toast.error('Save failed'));
    const item = (await screen.findByText('Save failed')).closest('li')!;
    // By keyboard: a pointer press on a toast starts sonner's swipe, which needs pointer capture (not in jsdom).
    within(item).getByRole('button', { name: 'Close toast' }).focus();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).keyboard('{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Save failed')).not.toBeInTheDocument();
  });
});
