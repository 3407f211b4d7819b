import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler checks origins itself (Better Auth: trusted origins, CSRF, OAuth state). */
    ownOriginCheck?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const ownOrigin = new URL(config.baseUrl).origin;
  const https = config.baseUrl.startsWith('https://');

  // Cookies are SameSite=Lax; this also refuses cross-site state changes from older browsers.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.ownOriginCheck) return;
    const origin = request.headers.origin;
    if (origin && origin !== ownOrigin) throw new HttpError(403, 'Cross-origin request refused');
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
