import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/reset-password/abc123?callbackURL=%2Freset-password', '/api/auth/reset-password/[Redacted]?callbackURL=%2Freset-password'],
    ['/api/auth/reset-password/abc123', '/api/auth/reset-password/[Redacted]'],
    ['/reset-password?token=abc123', '/reset-password?token=[Redacted]'],
    [
      '/x?access_token=a&refresh_token=b&id_token=c&code_verifier=d',
      '/x?access_token=[Redacted]&refresh_token=[Redacted]&id_token=[Redacted]&code_verifier=[Redacted]',
    ],
    [
      '/x?Token=a&API_KEY=b&password=c&client_secret=d&otp=e',
      '/x?Token=[Redacted]&API_KEY=[Redacted]&password=[Redacted]&client_secret=[Redacted]&otp=[Redacted]',
    ],
    // A percent-encoded name is what the app decodes, so it is matched decoded.
    ['/x?to%6Ben=abc123&st%61te=s', '/x?to%6Ben=[Redacted]&st%61te=[Redacted]'],
    ['/x?token=a&token=b', '/x?token=[Redacted]&token=[Redacted]'],
    ['/api/clients?search=code&page=2&token', '/api/clients?search=code&page=2&token'],
    ['/x?%E0%A4%A=1&q=%', '/x?%E0%A4%A=1&q=%'],
    ['/api/health', '/api/health'],
  ])('%s is logged as %s', (url, logged) => expect(redactUrl(url)).toBe(logged));
});
