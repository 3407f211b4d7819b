import { useId, useState, type FormEvent } from 'react';
import type { TDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRequestDraftChanges } from '../api/request-draft-changes';
import { draftName } from '../labels';

/**
 * Asks what should change before a draft in review goes back to its writer; the comment starts the
 * round in the draft's thread. `seen` names the version the card shows (the server refuses the
 * request if the draft changed since; the card then shows the new version). Mounted only while
 * open (a chunk of its own), so it starts empty.
 */
export default function RequestChangesDialog({ draft, seen, onClose }: { draft: TDraft; seen: () => string; onClose: () => void }) {
  const fieldId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestDraftChanges(draft.id, seen);
  const what = draftName(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    if (!comment.trim()) return setError('Say what should change.');
    setError(null);
    request.mutate(
      { comment: comment.trim() },
      {
        onSuccess: () => {
          toast.success('Changes requested', { description: `The ${what} is back with its writer.` });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not request changes. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !request.isPending && onClose()}
      title="Request changes"
      description={`Say what should change in the ${what}. Your comment goes into its thread.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div>
          <Label htmlFor={fieldId}>What should change?</Label>
          <Textarea
            id={fieldId}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={4000}
            rows={5}
            required
            aria-invalid={error !== null && !comment.trim()}
            autoFocus
          />
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={request.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Request changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
