import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state. Reads retry once and do not refetch on window focus. Changes are
 * sent even when the browser believes it is offline, so a failure shows at once (with its message)
 * instead of a save that waits silently for the network to return.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { networkMode: 'always' } },
});
