export const DEFAULT_REDIRECT = '/dashboard';

/**
 * Only same-origin relative paths are followed after sign-in; anything else (absolute URLs,
 * protocol-relative //host, backslash tricks) falls back to /dashboard so there is no open redirect.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return DEFAULT_REDIRECT;
  try {
    const url = new URL(target, 'http://hookline.invalid');
    // Dot segments can collapse "/..//evil.com" into a protocol-relative "//evil.com".
    if (url.origin !== 'http://hookline.invalid' || url.pathname.startsWith('//') || url.pathname.startsWith('/\\'))
      return DEFAULT_REDIRECT;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_REDIRECT;
  }
}

/**
 * Where to send a visitor who must sign in: /login, with ?redirect= holding the encoded target when
 * one is given, so that sign-in can bring them back to it.
 */
export function loginPath(target?: string): string {
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

/** Only web links are followed from data the server relays (a network's post URL), never a script URL. */
export const isWebLink = (url: string) => /^https?:\/\//i.test(url);
