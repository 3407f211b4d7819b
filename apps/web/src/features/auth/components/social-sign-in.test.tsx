import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubFetch } from '@/test/render';
import { SocialSignIn } from './social-sign-in';

const CONFIG = {
  passwordPolicy: { minLength: 6, maxLength: 128 },
  providers: { google: true, apple: false },
  enterpriseCallUrl: '',
  avatarMaxBytes: 5_000_000,
  allowSelfSignup: true,
  brandHue: 212,
  clipper: { enabled: false, baseUrl: '' },
};

describe('provider sign-in buttons', () => {
  it('a click before the runtime config has loaded waits for it, then starts the provider flow', async () => {
    let answerConfig: ((response: Response) => void) | undefined;
    const fetch = stubFetch((path) => {
      if (path === '/api/config') return new Promise<Response>((resolve) => (answerConfig = resolve));
      if (path === '/api/auth/sign-in/social') return json({ message: 'Provider refused' }, 400);
      return json({ error: 'Not found' }, 404);
    });
    const onError = vi.fn();
    renderPage(<SocialSignIn redirectTo="/dashboard/content" onError={onError} />);

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(answerConfig).toBeDefined());
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/sign-in/social'))).toBe(false);

    await act(async () => answerConfig!(json(CONFIG)));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Provider refused'));
    const start = fetch.mock.calls.find(([url]) => String(url).includes('/sign-in/social'));
    expect(JSON.parse(String(start?.[1]?.body))).toMatchObject({
      provider: 'google',
      callbackURL: '/dashboard/content',
      errorCallbackURL: '/login',
    });
    expect(onError).not.toHaveBeenCalledWith(expect.stringContaining('not configured'));
  });

  it('a provider the server does not offer says so and calls nothing', async () => {
    const fetch = stubFetch((path) => (path === '/api/config' ? json(CONFIG) : json({ error: 'Not found' }, 404)));
    const onError = vi.fn();
    renderPage(<SocialSignIn redirectTo="/dashboard" onError={onError} />);

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Apple sign-in is not configured on this server.'));
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/sign-in/social'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
  });
});
