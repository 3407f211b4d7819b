import { workspaceHeaders } from '@/lib/active-workspace';

/** Shown for an HTTP failure that came without a detail. */
export const CLIP_FAILED_MESSAGE = 'Failed to generate clips. Please try again.';
/** Shown for anything else that went wrong. */
export const CLIP_UNEXPECTED_MESSAGE = 'Unexpected error';

/** A failure of the clipper API; detail is the server's own { detail } text when it sent one. Status 0: no answer. */
export class ClipperError extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
  ) {
    super(detail ?? CLIP_FAILED_MESSAGE);
  }
}

/** The { detail } of a failure body: a string, or the messages of a validation error list. */
export function detailOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('detail' in body)) return undefined;
  const { detail } = body as { detail: unknown };
  if (typeof detail === 'string') return detail.trim() || undefined;
  if (Array.isArray(detail)) {
    const messages = detail
      .map((item: unknown) => (item && typeof item === 'object' && 'msg' in item ? String((item as { msg: unknown }).msg) : ''))
      .filter(Boolean);
    return messages.length ? messages.join('; ') : undefined;
  }
  return undefined;
}

/** The ClipperError for a failed response, with its { detail } when the body has one. */
export async function toClipperError(response: Response): Promise<ClipperError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return new ClipperError(response.status, detailOf(body));
}

/**
 * fetch that turns "no answer at all" into a ClipperError (status 0); aborts pass through. Jobs
 * belong to a workspace, so calls name the tab's active one like every other dashboard call.
 */
export async function clipperFetch(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'include', ...init, headers: { ...workspaceHeaders(), ...init.headers } });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ClipperError(0);
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** What the page shows for a failure: the server's detail, else the HTTP fallback, else 'Unexpected error'. */
export function clipperErrorMessage(error: unknown, httpFallback = CLIP_FAILED_MESSAGE): string {
  if (error instanceof ClipperError) return error.detail ?? httpFallback;
  return CLIP_UNEXPECTED_MESSAGE;
}
