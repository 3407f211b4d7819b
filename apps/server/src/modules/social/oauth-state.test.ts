import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box.ts';
import { openOAuthState, safeReturnPath, sealOAuthState, type OAuthState } from './oauth-state.ts';

const box = createSecretBox('state-test-key-of-at-least-32-chars');
const STATE: OAuthState = {
  provider: 'google',
  state: 's',
  codeVerifier: 'v',
  returnTo: '/dashboard/settings',
  userId: 'u1',
  expiresAt: Date.now() + 60_000,
};

describe('OAuth state cookie', () => {
  it('opens what it sealed, and the browser cannot read the verifier', () => {
    const sealed = sealOAuthState(box, STATE);
    expect(sealed).not.toContain('codeVerifier');
    expect(openOAuthState(box, sealed)).toEqual(STATE);
  });

  it('is null when missing, expired, forged, or sealed with another key', () => {
    expect(openOAuthState(box, undefined)).toBeNull();
    expect(openOAuthState(box, sealOAuthState(box, { ...STATE, expiresAt: Date.now() - 1 }))).toBeNull();
    expect(openOAuthState(box, 'v1:AAAA')).toBeNull();
    expect(openOAuthState(box, JSON.stringify(STATE))).toBeNull();
    expect(openOAuthState(createSecretBox('x'.repeat(32)), sealOAuthState(box, STATE))).toBeNull();
    // A token ciphertext (other context) is not a state.
    expect(openOAuthState(box, box.seal(JSON.stringify(STATE), 'social-access-token'))).toBeNull();
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
