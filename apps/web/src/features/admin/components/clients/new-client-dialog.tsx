import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import type { TWorkspaceStatus } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useCreateWorkspace } from '../../api/create-workspace';

/** New Client: no validation in the browser (the server answers); closes after the attempt, whether it succeeded or failed. */
export function NewClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="New Client" description="Create a workspace and owner account.">
      <NewClientForm onClose={onClose} />
    </Dialog>
  );
}

function NewClientForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const [status, setStatus] = useState<TWorkspaceStatus>('active');
  const create = useCreateWorkspace();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { name, owner, status },
      {
        onSuccess: (client) => toast.success('Client created', { description: client.name || name }),
        onError: (error) => toast.error('Create failed', { description: errorMessage(error, 'Unknown error') }),
        onSettled: onClose,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Client name" htmlFor="new-client-name">
        <Input id="new-client-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="organization" autoFocus />
      </Field>
      <Field label="Owner email" htmlFor="new-client-owner">
        <Input
          id="new-client-owner"
          type="email"
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
          placeholder="owner@example.com"
          autoComplete="off"
        />
      </Field>
      <Field label="Status" htmlFor="new-client-status">
        <Select id="new-client-status" value={status} onChange={(e) => setStatus(e.target.value as TWorkspaceStatus)} className="w-full">
          <option value="active">Active</option>
          <option value="paused">Paused</option>
        </Select>
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Create
        </Button>
      </div>
    </form>
  );
}
