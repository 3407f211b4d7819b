import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Mails the address the link that proves it by choosing the account's password: Better Auth's own
 * password reset (POST /api/auth/request-password-reset), leading to the reset page.
 */
export function sendAddressConfirmation(email: string): Promise<{ status: boolean }> {
  return apiFetch<{ status: boolean }>('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: '/reset-password' },
  });
}

export function useSendAddressConfirmation() {
  return useMutation({ mutationFn: sendAddressConfirmation });
}
