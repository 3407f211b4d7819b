import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box.ts';
import { openOAuthState, safeReturnPath, sealOAuthState, type OAuthState } from './oauth-state.ts';

const box = createSecretBox('state-test-key-of-at-least-32-chars');
/** The moment the cookie is opened, passed in, so the tests do not depend on the clock or the machine's speed. */
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const STATE: OAuthState = {
  provider: 'google',
  state: 's',
  codeVerifier: 'v',
  returnTo: '/dashboard/settings',
  userId: 'u1',
  expiresAt: NOW + 60_000,
};

describe('OAuth state cookie', () => {
  it('opens what it sealed, and the browser cannot read the verifier', () => {
    const sealed = sealOAuthState(box, STATE);
    expect(sealed).not.toContain('codeVerifier');
    expect(openOAuthState(box, sealed, NOW)).toEqual(STATE);
  });

  it('is null when missing, expired, forged, or sealed with another key', () => {
    expect(openOAuthState(box, undefined, NOW)).toBeNull();
    // Expired: good until the millisecond before its expiry, not at it.
    const sealed = sealOAuthState(box, STATE);
    expect(openOAuthState(box, sealed, STATE.expiresAt - 1)).toEqual(STATE);
    expect(openOAuthState(box, sealed, STATE.expiresAt)).toBeNull();
    expect(openOAuthState(box, 'v1:AAAA', NOW)).toBeNull();
    expect(openOAuthState(box, JSON.stringify(STATE), NOW)).toBeNull();
    expect(openOAuthState(createSecretBox('x'.repeat(32)), sealOAuthState(box, STATE), NOW)).toBeNull();
    // A token ciphertext (other context) is not a state.
    expect(openOAuthState(box, box.seal(JSON.stringify(STATE), 'social-access-token'), NOW)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('accepts dashboard pages only', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/dashboard/settings')).toBe('/dashboard/settings');
    for (const bad of [
      undefined,
      '',
      '/',
      '/admin',
      '//evil.test',
      'https://evil.test/dashboard',
      '/dashboard/../admin',
      '/dashboard?x=1',
      '/dashboardx',
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBe('/dashboard/settings');
    }
  });
});
