import { ApiError } from '@/lib/api-client';

/**
 * What to do when the server refuses the link itself (404 unknown, 410 expired or revoked): only
 * whoever sent it can send a new one. Null for any other failure, which trying again may mend.
 */
export function linkRefusalHelp(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 404 || error.status === 410)
    ? 'Ask the person who sent you this link for a new one.'
    : null;
}
