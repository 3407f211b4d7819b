import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/render';
import { openWorkspaceForTest } from '@/test/active-workspace';

const sessionOf = (user: { id: string; email: string; name: string; role?: string }) => ({
  session: { id: 's1', userId: user.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), token: 't' },
  user: { image: null, emailVerified: true, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', ...user },
});

/**
 * Loads use-auth and its auth client afresh for each test (a new session atom), before rendering:
 * the waits below are then for answers from the stubbed server only, not for loading code.
 */
async function loadUseAuth() {
  const { useAuth, loadAuthClient } = await import('./use-auth');
  await loadAuthClient();
  return useAuth;
}
beforeEach(() => {
  vi.resetModules();
});

describe('useAuth', () => {
  it('is not loaded until the session answer arrives, then gives the signed-in user', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch((path) =>
      path === '/api/auth/get-session' ? new Promise<Response>((resolve) => (answer = resolve)) : json({}, 404),
    );
    const { result } = renderHook(await loadUseAuth());
    expect(result.current).toMatchObject({ loaded: false, user: null });

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(result.current.loaded).toBe(false);
    act(() => answer(json(sessionOf({ id: 'u1', email: 'ana@x.test', name: 'Ana', role: 'admin' }))));

    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current).toMatchObject({
      user: { uid: 'u1', email: 'ana@x.test', displayName: 'Ana', photoURL: null, role: 'admin' },
      isStaff: true,
      isFounder: false,
    });
  });

  it('is loaded with no user when nobody is signed in', async () => {
    stubFetch(() => json(null));
    const { result } = renderHook(await loadUseAuth());
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current).toMatchObject({ user: null, isStaff: false, isFounder: false });
  });

  it('asks the server again on refresh()', async () => {
    let name = 'Ana';
    const fetchMock = stubFetch((path) =>
      path === '/api/auth/get-session' ? json(sessionOf({ id: 'u1', email: 'ana@x.test', name })) : json({}, 404),
    );
    const { result } = renderHook(await loadUseAuth());
    await waitFor(() => expect(result.current.user).toMatchObject({ displayName: 'Ana', role: 'client' }));
    const calls = fetchMock.mock.calls.length;

    name = 'Ana Lima';
    await act(() => result.current.refresh());
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
    await waitFor(() => expect(result.current.user?.displayName).toBe('Ana Lima'));
  });

  it('signOut() leaves the workspace staff had open in this tab, so the next account starts in its own', async () => {
    stubFetch((path) =>
      path === '/api/auth/get-session'
        ? json(sessionOf({ id: 'u1', email: 'sam@x.test', name: 'Sam', role: 'manager' }))
        : json({ success: true }),
    );
    openWorkspaceForTest('ws-42');
    const { result } = renderHook(await loadUseAuth());
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await act(() => result.current.signOut());
    expect(sessionStorage.getItem('hookline.activeWorkspace')).toBeNull();
  });
});
