import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { ADDRESS_PROOF_NEEDED } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { workspaceQuery } from '@/lib/client-data/get-workspace';
import { toast } from '@/lib/toast';
import { useSendAddressConfirmation } from '../api/send-address-confirmation';

/**
 * Whether the workspace was refused because the account has not yet proven its address. Other
 * refusals (a teammate removed from every workspace, say) have their own words and ways on; this
 * panel would send them to an inbox for a link that changes nothing.
 */
export function isAddressProofRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.serverMessage === ADDRESS_PROOF_NEEDED;
}

/**
 * A workspace made for a client's address before they signed up opens only once the account has
 * proven the address; until then the server refuses the workspace (403) and this stands in for the
 * page: what happened, and a way to have the link mailed (again).
 */
export function AddressConfirmationGate({ email, children }: { email: string; children: ReactNode }) {
  const workspace = useQuery({ ...workspaceQuery, retry: false });
  const send = useSendAddressConfirmation();
  if (!isAddressProofRefusal(workspace.error)) return children;

  const resend = () =>
    send.mutate(email, {
      onSuccess: () => toast.success('Link sent', { description: `Check the inbox of ${email}.` }),
      onError: (error) => toast.error('Sending failed', { description: errorMessage(error, 'Unknown error') }),
    });

  return (
    <div className="mx-auto max-w-xl">
      <SectionCard title="Confirm your email address">
        <div className="flex gap-4">
          <MailCheck className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden />
          <div className="grid gap-3 text-sm text-slate-700">
            <p>
              A workspace is waiting for <strong className="break-all">{email}</strong>. To open it, show that the address is yours: choose
              your password with the link we mail to it, then sign in with that password.
            </p>
            <p>If you have just signed up, the link is already on its way. It works for an hour.</p>
            <div>
              <Button variant="secondary" onClick={resend} disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Mail me the link'}
              </Button>
            </div>
          </div>
        </div>
      </SectionCard>
    </div>
  );
}
