import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Checks that a stored file came back as itself and cannot run: 200, the type its bytes say, the
 * served files' sandbox (no scripts, no framing), no type sniffing by the browser, and exactly the
 * bytes that were uploaded.
 */
export function expectServedFile(response: LightMyRequestResponse, expected: { type: string; bytes: Buffer; disposition?: RegExp }): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(expected.type);
  if (expected.disposition) expect(response.headers['content-disposition']).toMatch(expected.disposition);
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.rawPayload.equals(expected.bytes)).toBe(true);
}
