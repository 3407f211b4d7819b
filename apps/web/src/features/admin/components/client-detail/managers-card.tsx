import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Trash2, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAddWorkspaceManager } from '../../api/add-workspace-manager';
import { useWorkspaceManagers } from '../../api/list-workspace-managers';
import { useRemoveWorkspaceManager } from '../../api/remove-workspace-manager';
import { SectionCard } from '@/components/ui/section-card';

/**
 * Managers of a client: each with Remove, plus Add, for admins and founders (canEdit); a manager
 * sees the list only. A load failure shows an empty list.
 */
export function ManagersCard({ clientId, canEdit }: { clientId: string; canEdit: boolean }) {
  const inputId = useId();
  const managers = useWorkspaceManagers(clientId);
  const addManager = useAddWorkspaceManager();
  const removeManager = useRemoveWorkspaceManager();
  const [email, setEmail] = useState('');
  const busy = addManager.isPending || removeManager.isPending;
  const list = managers.isError ? [] : (managers.data ?? []);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || busy) return;
    addManager.mutate(
      { id: clientId, input: { email: trimmed } },
      {
        onSuccess: () => {
          toast.success('Manager added', { description: trimmed });
          setEmail('');
        },
        onError: (error) => toast.error('Add failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );
  };

  const remove = (manager: string) =>
    removeManager.mutate(
      { id: clientId, input: { email: manager } },
      {
        onSuccess: () => toast.success('Manager removed', { description: manager }),
        onError: (error) => toast.error('Remove failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );

  return (
    <SectionCard title="Managers">
      {managers.isPending ? (
        <div className="grid gap-2" aria-hidden>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-2/3" />
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">No managers assigned yet.</p>
      ) : (
        <ul className="grid gap-1" aria-label="Assigned managers">
          {list.map((manager) => (
            <li key={manager} className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50">
              <UserRound className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-800" title={manager}>
                {manager}
              </span>
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(manager)}
                  disabled={busy}
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <Trash2 className="size-3.5" aria-hidden /> Remove<span className="sr-only"> {manager}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <form onSubmit={add} noValidate className="mt-4 flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            Manager email
          </label>
          <Input
            id={inputId}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="manager@example.com"
            autoComplete="off"
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Add
          </Button>
        </form>
      ) : (
        <p className="mt-4 text-xs text-slate-500">Admins and founders assign managers.</p>
      )}
    </SectionCard>
  );
}
