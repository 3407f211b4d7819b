import { QueryClient } from '@tanstack/react-query';

/** The one cache of server state (ARCHITECTURE section 16: retry once, no refetch on window focus). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
