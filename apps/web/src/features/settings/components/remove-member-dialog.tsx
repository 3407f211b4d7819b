import type { TWorkspaceMember } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** A teammate about to leave the team: removed by the owner or staff, or leaving on their own. */
export interface Removal {
  member: TWorkspaceMember;
  leaving: boolean;
}

/** Confirms removing a teammate or leaving; onConfirm does the work (removing while it runs) and closes the dialog afterwards. */
export function RemoveMemberDialog({
  removal,
  workspaceName,
  removing,
  onCancel,
  onConfirm,
}: {
  removal: Removal | null;
  workspaceName: string;
  removing: boolean;
  onCancel: () => void;
  onConfirm: (removal: Removal) => void;
}) {
  const leaving = removal?.leaving ?? false;
  return (
    <Dialog
      open={removal !== null}
      onOpenChange={(open) => !open && !removing && onCancel()}
      title={leaving ? `Leave ${workspaceName}?` : 'Remove teammate?'}
      description={
        removal
          ? leaving
            ? `You will no longer open ${workspaceName}. Its owner can invite you again.`
            : `${removal.member.email} will no longer open ${workspaceName}. You can invite them again at any time.`
          : undefined
      }
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={removing}>
          Cancel
        </Button>
        <Button variant="danger" disabled={removing || !removal} onClick={() => removal && onConfirm(removal)}>
          {removing ? (leaving ? 'Leaving…' : 'Removing…') : leaving ? 'Leave workspace' : 'Remove teammate'}
        </Button>
      </div>
    </Dialog>
  );
}
