import { ApiError } from '@/lib/api-client';

/**
 * A line beside the server's words when it refuses the link itself (404 unknown, 410 expired or
 * withdrawn): nothing decided is lost, and a new link is the way on. Null for any other failure,
 * which trying again may mend.
 */
export function linkRefusalHelp(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 404 || error.status === 410)
    ? 'Decisions you made with this link are kept. The Hookline team can send you a new link.'
    : null;
}
