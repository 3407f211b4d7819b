import type { AppConfig } from '../../config.ts';

/** The ways a browser on this machine may spell its own address. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The page origins allowed to sign in and make changes: BASE_URL's, and TRUSTED_ORIGINS. Without
 * BASE_URL the server only guesses its address (http://localhost:PORT), so every loopback spelling
 * of its own port is the same site: opening it at 127.0.0.1 must not make sign-in fail.
 */
export function listTrustedOrigins(config: AppConfig): string[] {
  const own = new URL(config.baseUrl);
  const loopback = config.BASE_URL
    ? []
    : LOOPBACK_HOSTS.map((host) => {
        const spelled = new URL(own);
        spelled.hostname = host;
        return spelled.origin;
      });
  // "null" is the origin of every sandboxed frame and file: page, never one site: trusting it would trust them all.
  return [...new Set([own.origin, ...loopback, ...config.TRUSTED_ORIGINS])].filter((origin) => origin !== 'null');
}

/** Why a page's origin was refused, and the two ways out: the address to open, or the setting that admits it. */
export function describeOriginRefusal(config: AppConfig, origin: string | undefined): string {
  const page = origin ? `this page is at ${origin}, but ` : '';
  const own = new URL(config.baseUrl).origin;
  return (
    `Invalid origin: ${page}Hookline is served at ${own}. ` +
    `Open ${own}, or ask the administrator to add ${origin ?? 'the page’s address'} to TRUSTED_ORIGINS.`
  );
}
