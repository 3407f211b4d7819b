import { describe, expect, it } from 'vitest';
import { authErrorMessage, passwordPolicyError } from './auth-errors.ts';

describe('authErrorMessage', () => {
  it('explains rate limiting (429) whatever the code', () => {
    expect(authErrorMessage({ status: 429, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' }, 'Sign-in failed')).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(authErrorMessage({ status: 429 }, 'Sign-in failed')).toMatch(/^Too many attempts/);
  });

  it("passes on an account lock's own message: how long it lasts and that a reset lifts it", () => {
    const message = 'Too many failed sign-ins for this account. Try again in 60 seconds, or reset your password.';
    expect(authErrorMessage({ status: 429, code: 'TOO_MANY_FAILED_SIGN_INS', message }, 'Sign-in failed')).toBe(message);
  });

  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 'Wrong email or password.'],
    ['INVALID_PASSWORD', 'Wrong email or password.'],
    ['USER_NOT_FOUND', 'Wrong email or password.'],
    ['USER_ALREADY_EXISTS', 'An account with this email already exists. Sign in instead.'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'An account with this email already exists. Sign in instead.'],
    ['INVALID_EMAIL', 'Enter a valid email address.'],
    ['INVALID_TOKEN', 'This reset link is invalid or has expired. Ask for a new one.'],
  ])('maps %s to a clear text', (code, text) => {
    expect(authErrorMessage({ status: 400, code, message: 'raw server text' }, 'Sign-in failed')).toBe(text);
  });

  it('uses the service message for an unknown code', () => {
    expect(authErrorMessage({ status: 400, code: 'SOMETHING_NEW', message: 'Something new went wrong' }, 'Signup failed')).toBe(
      'Something new went wrong',
    );
  });

  it('falls back to the given text when there is nothing better', () => {
    expect(authErrorMessage(null, 'Sign-in failed')).toBe('Sign-in failed');
    expect(authErrorMessage(undefined, 'Failed to send reset email')).toBe('Failed to send reset email');
    expect(authErrorMessage({ status: 500 }, 'Signup failed')).toBe('Signup failed');
    expect(authErrorMessage({ status: 500, message: '' }, 'Signup failed')).toBe('Signup failed');
  });
});

describe('passwordPolicyError', () => {
  const policy = { minLength: 8, maxLength: 128 };

  it('accepts a password within the policy', () => {
    expect(passwordPolicyError('12345678', policy)).toBeNull();
    expect(passwordPolicyError('x'.repeat(128), policy)).toBeNull();
  });

  it('names the limits it breaks', () => {
    expect(passwordPolicyError('1234567', policy)).toBe('Password must be at least 8 characters.');
    expect(passwordPolicyError('x'.repeat(129), policy)).toBe('Password must be at most 128 characters.');
  });

  it('checks nothing before the policy has loaded', () => {
    expect(passwordPolicyError('', undefined)).toBeNull();
  });
});
