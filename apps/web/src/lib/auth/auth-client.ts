import { createAuthClient } from 'better-auth/client';
import { inferAdditionalFields } from 'better-auth/client/plugins';

/**
 * Better Auth's framework-free client: its `useSession` is a nanostores atom that lib/auth/use-auth.ts
 * subscribes to; sign-in, sign-up and password reset call its methods directly.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [inferAdditionalFields({ user: { role: { type: 'string', required: false } } })],
});
