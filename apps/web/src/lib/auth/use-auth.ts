import { useSyncExternalStore } from 'react';
import { isStaffRole } from '@hookline/shared';
import { clearActiveWorkspace } from '../active-workspace';
import type { authClient } from './auth-client';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  role: string;
}

export interface AuthState {
  /**
   * False until the first answer about the session arrives, so that pages can wait instead of
   * showing signed-out content to a signed-in user for a moment.
   */
  loaded: boolean;
  user: AuthUser | null;
  isStaff: boolean;
  isFounder: boolean;
  refresh: () => Promise<unknown>;
  signOut: () => Promise<unknown>;
}

type AuthClient = typeof authClient;
/** What Better Auth's session atom (`authClient.useSession`) holds: the session, or where its request stands. */
type SessionState = ReturnType<AuthClient['useSession']['get']>;

let clientLoad: Promise<AuthClient> | undefined;

/**
 * The Better Auth client, loaded on first use: pages get the session a moment after their first
 * paint instead of carrying the client in the first JavaScript (docs/performance.md).
 */
export function loadAuthClient(): Promise<AuthClient> {
  clientLoad ??= import('./auth-client').then((module) => module.authClient);
  return clientLoad;
}

// The session as the atom last reported it; null until the client is loaded.
let session: SessionState | null = null;

// The atom asks the server for the session when its first subscriber arrives, and again on
// refetch(), after sign-in and sign-out, and when the window regains focus.
function subscribeToSession(onChange: () => void) {
  let stop: (() => void) | undefined;
  let unsubscribed = false;
  void loadAuthClient().then((client) => {
    if (unsubscribed) return;
    stop = client.useSession.subscribe((value) => {
      session = value;
      onChange();
    });
  });
  return () => {
    unsubscribed = true;
    stop?.();
  };
}

export function useAuth(): AuthState {
  const current = useSyncExternalStore(subscribeToSession, () => session);
  const raw = current?.data?.user;
  const user: AuthUser | null = raw
    ? { uid: raw.id, email: raw.email, displayName: raw.name || null, photoURL: raw.image ?? null, role: raw.role ?? 'client' }
    : null;
  return {
    loaded: current !== null && !current.isPending,
    user,
    isStaff: isStaffRole(user?.role),
    isFounder: user?.role === 'founder',
    refresh: async () => (await loadAuthClient()).useSession.get().refetch(),
    signOut: async () => {
      // The next account to sign in on this tab starts in its own workspace, not in the one staff had open.
      clearActiveWorkspace();
      return (await loadAuthClient()).signOut();
    },
  };
}
