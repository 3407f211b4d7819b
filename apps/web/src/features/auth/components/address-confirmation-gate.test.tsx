import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_PROOF_NEEDED } from '@hookline/shared';
import { useWorkspace } from '@/lib/client-data/get-workspace';
import { json, renderPage, stubFetch } from '@/test/render';
import { AddressConfirmationGate } from './address-confirmation-gate';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

/** A page that says why the workspace was refused, once the answer has come. */
function RefusalShown() {
  const workspace = useWorkspace();
  return workspace.isError ? <p role="alert">{workspace.error.message}</p> : null;
}

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
    const fetchMock = stubFetch((path) =>
      path === '/api/workspace' ? json({ error: ADDRESS_PROOF_NEEDED }, 403) : json({ status: true }),
    );
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

  it('leaves every other refusal to the page around it: the panel is only for the address proof', async () => {
    stubFetch(() => json({ error: 'You are not assigned to this client' }, 403));
    renderPage(
      <AddressConfirmationGate email="me@x.test">
        <RefusalShown />
      </AddressConfirmationGate>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not assigned to this client');
    expect(screen.queryByRole('heading', { name: 'Confirm your email address' })).toBeNull();
  });
});
