import { useId, useState, type FormEvent } from 'react';
import { REVIEW_LINK_DEFAULT_DAYS } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDateTime } from '@/lib/zoned-time';
import { useCreateReviewLink } from '../api/create-review-link';
import { countDrafts } from '../labels';

const MAX_DAYS = 60;

/**
 * Staff send the chosen drafts to the client's reviewer (the server refuses a Hookline address):
 * the mail's link opens them without an account until it expires. Mounted only while open (a
 * chunk of its own), so it starts empty.
 */
export default function ReviewLinkDialog({
  draftIds,
  timeZone,
  onClose,
  onSent,
}: {
  draftIds: string[];
  timeZone: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const emailId = useId();
  const daysId = useId();
  const [email, setEmail] = useState('');
  const [days, setDays] = useState(String(REVIEW_LINK_DEFAULT_DAYS));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReviewLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const expiresInDays = Number(days);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError('Enter the email address to send the link to.');
    if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > MAX_DAYS) {
      return setError(`The link can work for 1 to ${MAX_DAYS} days.`);
    }
    setError(null);
    create.mutate(
      { draftIds, email: email.trim(), expiresInDays },
      {
        onSuccess: (link) => {
          toast.success(`Review link sent to ${link.email}`, {
            description: `${countDrafts(link.draftIds.length)}; it works until ${formatDateTime(link.expiresAt, timeZone)}.`,
          });
          onSent();
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not send the review link. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title="Send a review link"
      description={`${countDrafts(draftIds.length)} to approve or send back, without signing in.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label="Email"
          htmlFor={emailId}
          hint="The client's reviewer, outside the Hookline team: anyone at this address can open the link."
        >
          <Input id={emailId} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        </Field>
        <Field label="Expires after (days)" htmlFor={daysId} hint={`1 to ${MAX_DAYS}; you can revoke the link sooner.`}>
          <Input
            id={daysId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DAYS}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className="w-28"
          />
        </Field>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
