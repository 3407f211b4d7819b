import type { onRequestAsyncHookHandler } from 'fastify';
import { isStaffRole } from '@hookline/shared';
import type { Db } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { API_KEY_ROUTES_ONLY, authenticateApiKey, bearerApiKeyOf } from '../modules/api-keys/authenticate-api-key.ts';
import { readSessionUser, type Auth, type SessionUser } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. Every other API route needs a session. */
    public?: boolean;
    /** Also reachable with an API key (`Authorization: Bearer hlk_…`) instead of a session. */
    apiKey?: boolean;
  }
}

/**
 * Secure by default: routes in a scope with this hook need a session unless marked public. A route
 * marked apiKey also takes an API key, which sets request.apiKey (never request.user); a key sent
 * to any other route is refused rather than ignored, so a script learns why at once.
 */
export function requireUser(auth: Auth, db: Db): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.routeOptions.config.public) return;
    const key = bearerApiKeyOf(request.headers);
    if (key !== null) {
      if (!request.routeOptions.config.apiKey) throw new HttpError(401, API_KEY_ROUTES_ONLY);
      request.apiKey = await authenticateApiKey(db, key);
      return;
    }
    const user = await readSessionUser(auth, request);
    if (!user) throw new HttpError(401, 'Please sign in to continue.');
    request.user = user;
  };
}

/** For the admin scope: manager, admin and founder only. */
export function requireStaff(auth: Auth): onRequestAsyncHookHandler {
  return async (request) => {
    const user = request.user ?? (await readSessionUser(auth, request));
    if (!user) throw new HttpError(401, 'Please sign in to continue.');
    if (!isStaffRole(user.role)) throw new HttpError(403, 'This area is for Hookline staff only.');
    request.user = user;
  };
}

/** The signed-in user of a route behind requireUser. */
export function sessionUserOf(request: { user?: SessionUser }): SessionUser {
  if (!request.user) throw new HttpError(401, 'Please sign in to continue.');
  return request.user;
}

/**
 * A route-level onRequest hook inside a guarded scope: the user must hold one of these roles.
 * onRequest runs before body validation, so a caller without the role learns nothing from a 400.
 */
export function requireRoles(roles: readonly string[], message: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(sessionUserOf(request).role)) throw new HttpError(403, message);
  };
}
