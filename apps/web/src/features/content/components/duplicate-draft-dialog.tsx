import { useState, type FormEvent } from 'react';
import type { TDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { CHANNEL_LABELS } from '@/lib/channel-labels';
import { useSocialConnections } from '@/lib/client-data/list-social-connections';
import { useDuplicateDraft } from '../api/duplicate-draft';
import { accountName, duplicateTargets, type DuplicateTarget } from '../destinations';
import { draftName } from '../labels';

const destinationOf = (target: DuplicateTarget) =>
  target.account ? `Posts to ${accountName(target.account)}` : 'Not connected: publishes in Hookline only';

/**
 * "Duplicate to…": copies the draft's words and media to new drafts for the channels (and
 * accounts) checked. Mounted only while open (a chunk of its own), so it starts with none checked.
 */
export default function DuplicateDraftDialog({
  draft,
  onClose,
  onDuplicated,
}: {
  draft: TDraft;
  onClose: () => void;
  onDuplicated: (copies: TDraft[]) => void;
}) {
  const connections = useSocialConnections();
  const duplicate = useDuplicateDraft(draft.id);
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const targets = connections.data ? duplicateTargets(draft, connections.data) : [];

  const toggle = (key: string, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (duplicate.isPending) return;
    const chosen = targets.filter((target) => checked.has(target.key));
    if (chosen.length === 0) return setError('Choose at least one channel.');
    setError(null);
    duplicate.mutate(
      { to: chosen.map(({ channel, connectionId }) => (connectionId ? { channel, connectionId } : { channel })) },
      {
        onSuccess: onDuplicated,
        onError: (failure) => setError(errorMessage(failure, 'Could not duplicate the draft. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !duplicate.isPending && onClose()}
      title="Duplicate to…"
      description={`Copy the words and media of the ${draftName(draft)} into new drafts.`}
    >
      {connections.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading your channels…
        </p>
      ) : connections.isError ? (
        <Alert tone="error">Could not load your channels: {connections.error.message}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">New drafts for</legend>
            <ul className="grid gap-3">
              {targets.map((target, index) => (
                <li key={target.key}>
                  <Checkbox
                    label={CHANNEL_LABELS[target.channel]}
                    hint={destinationOf(target)}
                    checked={checked.has(target.key)}
                    onChange={(event) => toggle(target.key, event.target.checked)}
                    aria-invalid={error !== null && checked.size === 0}
                    autoFocus={index === 0}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={duplicate.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={duplicate.isPending}>
              {duplicate.isPending ? 'Duplicating…' : 'Duplicate'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
