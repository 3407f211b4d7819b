import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TApiKey, TWorkspace } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import { TEST_WORKSPACE } from '@/test/workspace';
import { ApiKeysCard } from './api-keys-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const SECRET = `hlk_${'A'.repeat(43)}`;
const KEYS: TApiKey[] = [
  {
    id: 'k1',
    name: 'n8n',
    prefix: 'hlk_n8nn8nn8',
    createdBy: 'o@x.test',
    createdAt: '2030-01-01T09:00:00.000Z',
    lastUsedAt: '2030-01-02T10:30:00.000Z',
  },
  {
    id: 'k2',
    name: 'Old script',
    prefix: 'hlk_oldoldol',
    createdBy: 'staff@hookline.test',
    createdAt: '2029-06-01T09:00:00.000Z',
    lastUsedAt: null,
  },
];

/** The API keys routes as the server answers them, changing the list as calls come in. */
function serve(options: { create?: (body: { name: string }) => Response } = {}) {
  let keys = structuredClone(KEYS);
  return stubFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/workspace/api-keys' && method === 'GET') return json({ keys });
    if (path === '/api/workspace/api-keys' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string };
      const refused = options.create?.(body);
      if (refused) return refused;
      const item = {
        id: 'k3',
        name: body.name,
        prefix: SECRET.slice(0, 12),
        createdBy: 'o@x.test',
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
      };
      keys = [item, ...keys];
      return json({ ...item, key: SECRET }, 201);
    }
    const key = /^\/api\/workspace\/api-keys\/([^/]+)$/.exec(path);
    if (key && method === 'DELETE') {
      keys = keys.filter((k) => k.id !== key[1]);
      return new Response(null, { status: 204 });
    }
    return json({ error: `unexpected ${method} ${path}` }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof serve>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://x').pathname === path && (init?.method ?? 'GET') === method);

function renderCard(workspace: TWorkspace = TEST_WORKSPACE) {
  renderPage(<ApiKeysCard workspace={workspace} />, '/dashboard/settings');
}

describe('API keys card', { timeout: 30_000 }, () => {
  const user = userEvent.setup({ delay: null });
  beforeEach(() => vi.clearAllMocks());

  it('lists the keys by name and prefix, never a secret, with who made them and when they were last used', async () => {
    serve();
    renderCard();
    const list = await screen.findByRole('list', { name: 'API keys' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['n8n', 'Old script']);
    expect(rows[0]).toHaveTextContent('hlk_n8nn8nn8…');
    expect(rows[0]).toHaveTextContent(/Created .*2030.* by o@x\.test · last used .*2030/);
    expect(rows[1]).toHaveTextContent('by staff@hookline.test · never used');
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
  });

  it('creates a key and shows it once, selected in a read-only field, with Copy and the warning', async () => {
    const fetchMock = serve();
    renderCard();
    await user.type(await screen.findByLabelText('Key name'), '  Zapier ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const field = await screen.findByLabelText('New API key');
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Copy the key for “Zapier” now: it will not be shown again.');
    expect(JSON.parse(String(calls(fetchMock, 'POST', '/api/workspace/api-keys')[0][1]?.body))).toEqual({ name: 'Zapier' });
    expect(await screen.findByRole('listitem', { name: 'Zapier' })).toHaveTextContent('never used');
    expect(screen.getByLabelText('Key name')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('API key copied'));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it("shows the server's refusal under the form and keeps the name", async () => {
    serve({ create: () => json({ error: 'name must be at most 80 characters' }, 400) });
    renderCard();
    await user.type(await screen.findByLabelText('Key name'), 'n8n');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('name must be at most 80 characters');
    expect(screen.getByLabelText('Key name')).toHaveValue('n8n');
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
  });

  it('revokes a key after confirming', async () => {
    const fetchMock = serve();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Revoke n8n' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    expect(dialog).toHaveTextContent('n8n (hlk_n8nn8nn8…) stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE', '/api/workspace/api-keys/k1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke n8n' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'n8n' })).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', '/api/workspace/api-keys/k1')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('API key revoked', { description: 'n8n no longer works.' });
  });

  it('staff manage keys as the owner does', async () => {
    serve();
    renderCard({ ...TEST_WORKSPACE, access: 'staff' });
    expect(await screen.findByRole('button', { name: 'Revoke n8n' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeInTheDocument();
  });

  it('tells a teammate who manages keys, and asks the server nothing', async () => {
    const fetchMock = serve();
    renderCard({ ...TEST_WORKSPACE, access: 'approver' });
    expect(screen.getByText('Only the owner of Acme or the Hookline team can create or revoke API keys.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'API keys' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Key name')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'GET', '/api/workspace/api-keys')).toHaveLength(0);
  });
});
