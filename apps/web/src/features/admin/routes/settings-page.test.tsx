import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubFetch } from '@/test/render';
import SettingsPage from './settings-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));
const auth = vi.hoisted(() => ({ role: 'admin' }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    loaded: true,
    user: { uid: 'u1', email: 'me@x.test', role: auth.role },
    isStaff: true,
    isFounder: auth.role === 'founder',
  }),
}));

const SETTINGS = { supportEmail: 'help@acme.test', webhookUrl: 'https://acme.test/hook', brandHue: 150, allowSelfSignup: false };

describe('Admin settings', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    auth.role = 'admin';
  });

  it('shows the defaults and a banner when settings cannot be loaded', async () => {
    stubFetch(() => json({ error: 'boom' }, 500));
    renderPage(<SettingsPage />);
    expect(await screen.findByText('Using defaults — API error: boom')).toBeInTheDocument();
    expect(screen.getByLabelText('Support email')).toHaveValue('support@hookline.app');
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Allow public signups/ })).toBeChecked();
  });

  it('saves the fields and carries brandHue unchanged', async () => {
    const fetchMock = stubFetch((path, init) => {
      if (path === '/api/admin/settings' && init?.method === 'PUT') return json(JSON.parse(String(init.body)));
      if (path === '/api/admin/settings') return json(SETTINGS);
      return json([]);
    });
    renderPage(<SettingsPage />);
    const email = await screen.findByDisplayValue('help@acme.test');
    await userEvent.clear(email);
    await userEvent.type(email, 'support@acme.test');
    await userEvent.click(screen.getByRole('checkbox', { name: /Allow public signups/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Settings saved'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ...SETTINGS, supportEmail: 'support@acme.test', allowSelfSignup: true });
  });

  it('shows managers the settings read-only, without webhooks or team', async () => {
    auth.role = 'manager';
    stubFetch(() => json(SETTINGS));
    renderPage(<SettingsPage />);
    expect(await screen.findByText('Only admins and founders can change settings.')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('help@acme.test')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('shows founders the webhooks and team sections', async () => {
    auth.role = 'founder';
    stubFetch((path) => {
      if (path === '/api/admin/settings') return json(SETTINGS);
      if (path === '/api/admin/webhooks/secret') return json({ secret: 'whsec_123' });
      if (path === '/api/admin/team') return json([{ id: 'u2', email: 'm@x.test', name: 'Mo', role: 'manager' }]);
      return json([]);
    });
    renderPage(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal' }));
    expect(screen.getByText('whsec_123')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Role of m@x.test' })).toHaveValue('manager');
    expect(screen.getByText('No deliveries yet')).toBeInTheDocument();
  });
});
