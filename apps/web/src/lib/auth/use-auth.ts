import { isStaffRole } from '@hookline/shared';
import { authClient } from './auth-client';

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

export function useAuth(): AuthState {
  const session = authClient.useSession();
  const raw = session.data?.user;
  const user: AuthUser | null = raw
    ? { uid: raw.id, email: raw.email, displayName: raw.name || null, photoURL: raw.image ?? null, role: raw.role ?? 'client' }
    : null;
  return {
    loaded: !session.isPending,
    user,
    isStaff: isStaffRole(user?.role),
    isFounder: user?.role === 'founder',
    refresh: () => session.refetch(),
    signOut: () => authClient.signOut(),
  };
}
