import { SOCIAL_PROVIDER_LABELS, type TSocialConnection } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** Confirms removing a channel; onConfirm does the work (removing while it runs) and closes the dialog afterwards. */
export function RemoveChannelDialog({
  connection,
  removing,
  onCancel,
  onConfirm,
}: {
  connection: TSocialConnection | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: (connection: TSocialConnection) => void;
}) {
  return (
    <Dialog
      open={connection !== null}
      onOpenChange={(open) => !open && !removing && onCancel()}
      title="Remove channel?"
      description={
        connection
          ? `Hookline will forget ${connection.handle} (${SOCIAL_PROVIDER_LABELS[connection.provider]}) and its access. You can connect it again at any time.`
          : undefined
      }
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={removing}>
          Cancel
        </Button>
        <Button variant="danger" disabled={removing || !connection} onClick={() => connection && onConfirm(connection)}>
          {removing ? 'Removing…' : 'Remove channel'}
        </Button>
      </div>
    </Dialog>
  );
}
