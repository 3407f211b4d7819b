import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';
import { describeOriginRefusal, listTrustedOrigins } from '../modules/auth/trusted-origins.ts';

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler checks origins itself (Better Auth: trusted origins, CSRF, OAuth state). */
    ownOriginCheck?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The path ("messages.0.content", "id") of the first string or key holding a NUL character, or null.
 * Walked with a stack, and the path built only when found: a body may be nested far deeper than
 * the call stack allows.
 */
export function findNulCharacter(value: unknown): string | null {
  interface Node {
    item: object;
    key: string;
    parent: Node | null;
  }
  const pathOf = (node: Node, key: string) => {
    const keys = [key];
    for (let at: Node | null = node; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const isContainer = (item: unknown): item is object => item !== null && typeof item === 'object' && !Buffer.isBuffer(item);
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (!isContainer(value)) return null;
  const stack: Node[] = [{ item: value, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const keys = Array.isArray(node.item) ? null : Object.keys(node.item);
    const length = keys ? keys.length : (node.item as unknown[]).length;
    for (let i = 0; i < length; i++) {
      const key = keys ? keys[i] : String(i);
      const child = (node.item as Record<string, unknown>)[key];
      if ((keys && key.includes('\u0000')) || (typeof child === 'string' && child.includes('\u0000'))) return pathOf(node, key);
      if (isContainer(child)) stack.push({ item: child, key, parent: node });
    }
  }
  return null;
}

/**
 * Security headers (helmet) on every answer, errors and hijacked event streams included:
 * helmet writes them on the raw response as a request arrives. Then the cross-origin check and the
 * NUL check.
 */
export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const trustedOrigins = new Set(listTrustedOrigins(config));
  const https = config.baseUrl.startsWith('https://');
  // Helmet's middleware is built once: @fastify/helmet built it again for every request (parsing the
  // content security policy each time).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Browsers only honour HSTS over https; sending it over http would pin a local install to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet has no Permissions-Policy; set on the raw response like helmet's own headers.
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });

  // Cookies are SameSite=Lax; this also refuses cross-site state changes from older browsers.
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    const refused =
      origin && !trustedOrigins.has(origin) && !SAFE_METHODS.has(request.method) && !request.routeOptions.config.ownOriginCheck;
    done(refused ? new HttpError(403, describeOriginRefusal(config, origin)) : undefined);
  });

  // PostgreSQL text and file paths cannot hold NUL: refused before validation, the same on every database.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const at = findNulCharacter(part);
      // The file route's wildcard parameter is called "*": name it "path".
      if (at !== null) return done(new HttpError(400, `${at.replace(/^\*/, 'path') || 'body'}: must not contain NUL characters`));
    }
    done();
  });
}
