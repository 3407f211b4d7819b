import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { runtimeConfigQuery } from '@/lib/runtime-config';
import { authClient } from '@/lib/auth/auth-client';
import { authErrorMessage } from '../auth-errors';

const PROVIDERS = [
  { id: 'google', label: 'Continue with Google', name: 'Google', fallback: 'Sign-in failed' },
  { id: 'apple', label: 'Continue with Apple', name: 'Apple', fallback: 'Apple sign-in failed' },
] as const;

function ProviderIcon({ id }: { id: 'google' | 'apple' }) {
  return id === 'google' ? (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8-3.3 0-6-2.7-6-6s2.7-6 6-6c1.9 0 3.1.8 3.9 1.5l2.6-2.5C16.9 3.4 14.7 2.4 12 2.4 6.7 2.4 2.4 6.7 2.4 12s4.3 9.6 9.6 9.6c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12z"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9c-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.4.8 2.2-1.3 3.1-2.5c1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.5-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.4z"
      />
    </svg>
  );
}

/** Google and Apple buttons; an unconfigured provider says so instead of failing somewhere else. */
export function SocialSignIn({ redirectTo, onError }: { redirectTo: string; onError: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);

  const start = async (provider: (typeof PROVIDERS)[number]) => {
    setPending(provider.id);
    try {
      // A click can come before the runtime config has loaded: wait for it rather than guess.
      const config = await queryClient.fetchQuery(runtimeConfigQuery);
      if (!config.providers[provider.id]) {
        onError(`${provider.name} sign-in is not configured on this server.`);
        return;
      }
      const { error } = await authClient.signIn.social({ provider: provider.id, callbackURL: redirectTo, errorCallbackURL: '/login' });
      if (error) onError(authErrorMessage(error, provider.fallback));
    } catch {
      onError(provider.fallback);
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {PROVIDERS.map((provider) => (
        <Button key={provider.id} variant="secondary" disabled={pending !== null} onClick={() => start(provider)}>
          <ProviderIcon id={provider.id} />
          {provider.label}
        </Button>
      ))}
    </div>
  );
}
