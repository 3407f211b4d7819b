import { describe, expect, it } from 'vitest';
import { DEFAULT_REDIRECT, loginPath, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('defaults to /dashboard', () => {
    expect(DEFAULT_REDIRECT).toBe('/dashboard');
  });

  it.each(['/dashboard/settings?x=1', '/admin/clients/42', '/dashboard#top', '/onboarding?step=2#form'])(
    'keeps the same-site path %s',
    (target) => {
      expect(safeRedirect(target)).toBe(target);
    },
  );

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty text', ''],
    ['an absolute URL', 'https://evil.com'],
    ['a protocol-relative URL', '//evil.com'],
    ['a backslash trick', '/\\evil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without a leading slash', 'dashboard'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a dot segment that resolves to //host', '/..//evil.com'],
    ['a single-dot segment that resolves to //host', '/.//evil.com'],
  ])('falls back to /dashboard for %s', (_label, target) => {
    expect(safeRedirect(target)).toBe('/dashboard');
  });

  it('never returns something that leaves the site', () => {
    for (const target of ['/\t/evil.com', '/%2F%2Fevil.com', '/\\/evil.com', '/a/../../evil.com', '/%5C%5Cevil.com']) {
      const result = safeRedirect(target);
      expect(result.startsWith('/'), target).toBe(true);
      expect(result.startsWith('//'), `${target} -> ${result}`).toBe(false);
      expect(new URL(result, 'https://hookline.example').origin).toBe('https://hookline.example');
    }
  });
});

describe('loginPath', () => {
  it('is /login without a target', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath('')).toBe('/login');
  });

  it('adds the encoded target as ?redirect=', () => {
    expect(loginPath('/dashboard/settings?x=1&y=2')).toBe('/login?redirect=%2Fdashboard%2Fsettings%3Fx%3D1%26y%3D2');
    expect(new URLSearchParams(loginPath('/admin/requests?status=open').split('?')[1]).get('redirect')).toBe('/admin/requests?status=open');
  });
});
