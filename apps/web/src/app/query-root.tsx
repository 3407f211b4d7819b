import { use, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

let clientLoad: Promise<QueryClient> | undefined;

/** The query cache, loaded on first use: the landing page's first JavaScript goes without it. */
export function loadQueryClient(): Promise<QueryClient> {
  clientLoad ??= import('./query-client').then((module) => module.queryClient);
  return clientLoad;
}

/** Provides the query cache to what it wraps (its route's children by default), suspending until it is loaded. */
export function QueryRoot({ children }: { children?: ReactNode }) {
  const client = use(loadQueryClient());
  return <QueryClientProvider client={client}>{children ?? <Outlet />}</QueryClientProvider>;
}
