import type { RouteOptions } from 'fastify';

/** The OpenAPI security scheme of API keys, for the swagger registration. */
export const API_KEY_SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key from Settings → API keys: `Authorization: Bearer hlk_…`. It acts in its own workspace as an editor ' +
      '(drafts, edits, queues, schedules; never approves or changes settings), only on the routes that list this scheme.',
  },
} as const;

/**
 * An onRoute hook: a route that accepts API keys (config `apiKey: true`) lists the scheme in the
 * OpenAPI document, so /api/docs shows which routes a script may call. The route's own schema
 * object is replaced, never changed, since routes may share one.
 */
export function documentApiKeyRoute(route: RouteOptions): void {
  if (!route.config?.apiKey) return;
  route.schema = { ...route.schema, security: [{ apiKey: [] }] };
}
