import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The headers every answer carries, whatever its status or type: a CSP that forbids framing and
 * posting forms elsewhere (a stored file's sandbox policy forbids all of it and any loading),
 * nosniff, no framing in older browsers, a referrer policy, a permissions policy, and HSTS exactly
 * when the app is served over https.
 */
export function expectSecurityHeaders(response: LightMyRequestResponse, options: { https: boolean; where: string }) {
  const { headers } = response;
  const where = `${options.where}: ${response.statusCode} ${String(headers['content-type'] ?? '')}`;
  const csp = String(headers['content-security-policy'] ?? '')
    .split(';')
    .map((d) => d.trim());
  expect(csp, `${where}: CSP`).toEqual(
    expect.arrayContaining(
      csp.includes('sandbox')
        ? ["frame-ancestors 'none'", "default-src 'none'"]
        : ["frame-ancestors 'none'", "default-src 'self'", "object-src 'none'", "form-action 'self'"],
    ),
  );
  expect(headers['x-content-type-options'], `${where}: nosniff`).toBe('nosniff');
  expect(headers['x-frame-options'], `${where}: X-Frame-Options`).toBe('DENY');
  expect(headers['referrer-policy'], `${where}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], `${where}: Permissions-Policy`).toMatch(/camera=\(\), microphone=\(\)/);
  if (options.https) expect(headers['strict-transport-security'], `${where}: HSTS`).toBe('max-age=31536000; includeSubDomains');
  else expect(headers['strict-transport-security'], `${where}: no HSTS over http`).toBeUndefined();
}
