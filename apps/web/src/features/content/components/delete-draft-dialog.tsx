import type { TDraft } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { draftName } from '../labels';

/** Asks before a draft (and its media) is deleted for good. */
export function DeleteDraftDialog({
  draft,
  deleting,
  onCancel,
  onConfirm,
}: {
  draft: TDraft | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (draft: TDraft) => void;
}) {
  const what = draft ? draftName(draft) : '';
  const confirm = () => {
    if (draft && !deleting) onConfirm(draft);
  };
  return (
    <Dialog
      open={draft !== null}
      onOpenChange={(open) => !open && !deleting && onCancel()}
      title="Delete this draft?"
      description={`The ${what} and its media are deleted for good.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
