import { vi } from 'vitest';

type Responder = (path: string, init?: RequestInit) => Promise<Response> | Response;

const offline: Responder = (path) => Promise.reject(new TypeError(`no network in component tests (${path})`));
let responder: Responder = offline;

/** The global fetch of component tests: answers through the current responder, by URL path. */
export const networkFetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return Promise.resolve(responder(new URL(url, 'http://localhost:3000').pathname, init));
});

/** Stands in for the server, answering like the real API would. */
export function stubFetch(next: Responder) {
  responder = next;
  return networkFetch;
}

export function resetNetwork() {
  responder = offline;
  networkFetch.mockClear();
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
