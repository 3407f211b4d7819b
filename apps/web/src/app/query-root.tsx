import { use, useEffect, useRef, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';

let clientLoad: Promise<QueryClient> | undefined;

/** The query cache, loaded on first use: the landing page's first JavaScript goes without it. */
export function loadQueryClient(): Promise<QueryClient> {
  clientLoad ??= import('./query-client').then((module) => module.queryClient);
  return clientLoad;
}

/** Provides the query cache to what it wraps (its route's children by default), suspending until it is loaded. */
export function QueryRoot({ children }: { children?: ReactNode }) {
  const client = use(loadQueryClient());
  useClearedOnAccountChange(client);
  return <QueryClientProvider client={client}>{children ?? <Outlet />}</QueryClientProvider>;
}

/**
 * Empties the cache when the signed-in account changes (sign-out, a session ending, another sign-in
 * on the tab): its keys name no account, so the next one would otherwise see the last one's answers.
 */
export function useClearedOnAccountChange(client: QueryClient) {
  const { loaded, user } = useAuth();
  const account = loaded ? (user?.uid ?? null) : undefined;
  const previous = useRef(account);
  useEffect(() => {
    if (account === undefined) return;
    if (previous.current !== undefined && previous.current !== account) client.clear();
    previous.current = account;
  }, [account, client]);
}
