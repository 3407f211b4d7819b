import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubFetch } from '@/test/render';
import { AddressConfirmationGate } from './address-confirmation-gate';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const WAITING = 'A workspace is waiting for this email address.';

describe('AddressConfirmationGate', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the page once the workspace is the account’s own', async () => {
    stubFetch(() =>
      json({ id: 'w1', name: 'Mine', owner: 'me@x.test', plan: 'self_serve', status: 'active', timeZone: null, cadence: 'Daily' }),
    );
    renderPage(
      <AddressConfirmationGate email="me@x.test">
        <h1>Overview</h1>
      </AddressConfirmationGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });

  it('stands in for the page while the address is unproven, and sends the link again', async () => {
    const fetchMock = stubFetch((path) => (path === '/api/workspace' ? json({ error: WAITING }, 403) : json({ status: true })));
    renderPage(
      <AddressConfirmationGate email="me@x.test">
        <h1>Overview</h1>
      </AddressConfirmationGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overview' })).toBeNull();
    expect(screen.getByText('me@x.test')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mail me the link' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Link sent', { description: 'Check the inbox of me@x.test.' }));
    const sent = fetchMock.mock.calls.find(([path]) => path === '/api/auth/request-password-reset');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ email: 'me@x.test', redirectTo: '/reset-password' });
  });
});
