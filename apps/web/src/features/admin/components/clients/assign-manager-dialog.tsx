import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import type { TClient } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { addClientManager } from '../../api/add-client-manager';

/** SPEC: Assign Manager. Closes after the attempt either way; onDone reloads the list. */
export function AssignManagerDialog({ client, onClose, onDone }: { client: TClient | null; onClose: () => void; onDone: () => void }) {
  return (
    <Dialog
      open={client !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Assign Manager"
      description={client ? `Map a staff user to “${client.name}”.` : undefined}
    >
      {client ? <AssignManagerForm client={client} onClose={onClose} onDone={onDone} /> : null}
    </Dialog>
  );
}

function AssignManagerForm({ client, onClose, onDone }: { client: TClient; onClose: () => void; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || saving) return;
    setSaving(true);
    try {
      await addClientManager(client.id, { email: trimmed });
      toast.success('Manager assigned', { description: trimmed });
    } catch (error) {
      toast.error('Assign failed', { description: errorMessage(error, 'Unknown error') });
    } finally {
      setSaving(false);
      onClose();
      onDone();
    }
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
        <Button type="submit" disabled={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
