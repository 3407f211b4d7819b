import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Better Auth's POST /api/auth/send-verification-email: mails the link that proves the address, leading back to the dashboard. */
export function sendAddressConfirmation(email: string): Promise<{ status: boolean }> {
  return apiFetch<{ status: boolean }>('/api/auth/send-verification-email', { method: 'POST', json: { email, callbackURL: '/dashboard' } });
}

export function useSendAddressConfirmation() {
  return useMutation({ mutationFn: sendAddressConfirmation });
}
