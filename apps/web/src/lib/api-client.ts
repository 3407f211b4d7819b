import { workspaceHeaders } from './active-workspace';

/** An API failure; message is the server's { error } text, else status, status text and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own { error } text, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** The ApiError for a failed response: its { error } text, else status, status text and body. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return new ApiError(response.status, body.error, body.error);
  } catch {
    // not JSON: fall through to the plain message
  }
  return new ApiError(response.status, `${response.status} ${response.statusText}${text ? `: ${text}` : ''}`.trim());
}

/**
 * fetch for /api/*: same-origin cookies, JSON in and out, failures thrown as ApiError. Calls name
 * the tab's active workspace, if any, so that staff act in the client's workspace they opened.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      Accept: 'application/json',
      ...workspaceHeaders(),
      ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The message of anything thrown, or the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
