import { useSyncExternalStore } from 'react';
import { isStaffRole } from '@hookline/shared';
import type { authClient } from './auth-client';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  role: string;
}

export interface AuthState {
  /** False until the first answer about the session arrives (SPEC section 4: no flash of signed-out content). */
  loaded: boolean;
  user: AuthUser | null;
  isStaff: boolean;
  isFounder: boolean;
  refresh: () => Promise<unknown>;
  signOut: () => Promise<unknown>;
}

type AuthClient = typeof authClient;
type SessionState = ReturnType<AuthClient['useSession']>;
/** The client's session store, the one its useSession hook reads. */
interface SessionStore {
  get(): SessionState;
  subscribe(listener: (value: SessionState) => void): () => void;
}
const sessionStore = (client: AuthClient): SessionStore => client.$store.atoms.session as SessionStore;

let clientLoad: Promise<AuthClient> | undefined;

/**
 * The Better Auth client, loaded on first use: pages get the session a moment after their first
 * paint instead of carrying the client in the first JavaScript (docs/performance.md).
 */
export function loadAuthClient(): Promise<AuthClient> {
  clientLoad ??= import('./auth-client').then((module) => module.authClient);
  return clientLoad;
}

// The session as the client's session store last reported it; null until the client is loaded.
let session: SessionState | null = null;

function subscribeToSession(onChange: () => void) {
  let stop: (() => void) | undefined;
  let unsubscribed = false;
  void loadAuthClient().then((client) => {
    if (unsubscribed) return;
    stop = sessionStore(client).subscribe((value) => {
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
    refresh: async () =>
      sessionStore(await loadAuthClient())
        .get()
        .refetch(),
    signOut: async () => (await loadAuthClient()).signOut(),
  };
}
