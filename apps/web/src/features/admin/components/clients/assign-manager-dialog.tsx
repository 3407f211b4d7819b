import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import type { TWorkspaceSummary } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useAddWorkspaceManager } from '../../api/add-workspace-manager';

/** Assign Manager: maps a staff user to the client; closes after the attempt, whether it succeeded or failed. */
export function AssignManagerDialog({ client, onClose }: { client: TWorkspaceSummary | null; onClose: () => void }) {
  return (
    <Dialog
      open={client !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Assign Manager"
      description={client ? `Map a staff user to “${client.name}”.` : undefined}
    >
      {client ? <AssignManagerForm client={client} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AssignManagerForm({ client, onClose }: { client: TWorkspaceSummary; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const addManager = useAddWorkspaceManager();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || addManager.isPending) return;
    addManager.mutate(
      { id: client.id, input: { email: trimmed } },
      {
        onSuccess: () => toast.success('Manager assigned', { description: trimmed }),
        onError: (error) => toast.error('Assign failed', { description: errorMessage(error, 'Unknown error') }),
        onSettled: onClose,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Manager email" htmlFor="assign-manager-email">
        <Input
          id="assign-manager-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="manager@example.com"
          autoComplete="off"
          autoFocus
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={addManager.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
