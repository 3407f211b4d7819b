import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useDeleteWorkspace } from '../api/delete-workspace';

/** The workspace goes only once its exact name is typed (the server checks the same). */
export function DeleteWorkspaceDialog({
  workspaceName,
  open,
  onOpenChange,
  onDeleted,
}: {
  workspaceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete workspace"
      description="This permanently deletes its drafts, connected channels and uploaded files. It cannot be undone."
    >
      {open ? <DeleteWorkspaceForm workspaceName={workspaceName} onCancel={() => onOpenChange(false)} onDeleted={onDeleted} /> : null}
    </Dialog>
  );
}

function DeleteWorkspaceForm({
  workspaceName,
  onCancel,
  onDeleted,
}: {
  workspaceName: string;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const deletion = useDeleteWorkspace();
  const deleting = deletion.isPending;
  const matches = typed === workspaceName;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !deleting) deletion.mutate(typed, { onSuccess: onDeleted });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-700">
        Type <strong className="select-all font-semibold text-slate-900">{workspaceName}</strong> to confirm.
      </p>
      <Field label="Workspace name" htmlFor={`${id}-name`}>
        <Input id={`${id}-name`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} autoFocus />
      </Field>
      {deletion.isError ? <Alert tone="error">{errorMessage(deletion.error, 'Failed to delete the workspace')}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!matches || deleting} className="disabled:opacity-50">
          {deleting ? 'Deleting…' : 'Delete workspace'}
        </Button>
      </div>
    </form>
  );
}
