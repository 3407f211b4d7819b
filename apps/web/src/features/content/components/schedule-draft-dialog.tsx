import { useId, useState, type FormEvent } from 'react';
import type { TDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDateTime, zonedLocalDateTime } from '@/lib/zoned-time';
import { useScheduleDraft } from '../api/schedule-draft';
import { draftName } from '../labels';

const HOUR = 60 * 60 * 1000;

/** The post's planned time if it is still ahead, else the next full hour. */
const startTime = (draft: TDraft) =>
  draft.scheduledAt && Date.parse(draft.scheduledAt) > Date.now()
    ? new Date(draft.scheduledAt)
    : new Date(Math.ceil(Date.now() / HOUR) * HOUR);

/**
 * Picks an exact publishing time, shown and entered in the workspace's zone; the server reads the
 * wall-clock time in that zone, so a browser elsewhere in the world schedules the same moment.
 * Starts at the post's current time, else at the next full hour. Mounted only while open.
 */
export default function ScheduleDraftDialog({ draft, timeZone, onClose }: { draft: TDraft; timeZone: string; onClose: () => void }) {
  const fieldId = useId();
  const hintId = useId();
  const [local, setLocal] = useState(() => zonedLocalDateTime(startTime(draft), timeZone));
  const [error, setError] = useState<string | null>(null);
  const schedule = useScheduleDraft(draft.id);
  const zone = timeZone.replaceAll('_', ' ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (schedule.isPending) return;
    if (!local) return setError('Choose a date and time.');
    setError(null);
    schedule.mutate(
      // Some browsers give seconds too; the server takes minutes.
      { local: local.slice(0, 16), timeZone },
      {
        onSuccess: (saved) => {
          toast.success('Scheduled', {
            description: `The ${draftName(draft)} goes out ${formatDateTime(saved.scheduledAt!, timeZone)} (${zone}).`,
          });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not schedule the post. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !schedule.isPending && onClose()}
      title="Schedule"
      description={`Choose when the ${draftName(draft)} goes out.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div>
          <Label htmlFor={fieldId}>Date and time</Label>
          <Input
            id={fieldId}
            type="datetime-local"
            value={local}
            onChange={(event) => setLocal(event.target.value)}
            required
            aria-describedby={hintId}
            aria-invalid={error !== null}
            autoFocus
          />
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            Times are in {zone}.
          </p>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={schedule.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={schedule.isPending}>
            {schedule.isPending ? 'Scheduling…' : 'Schedule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
