import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Trash2, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { addClientManager } from '../../api/add-client-manager';
import { adminKeys } from '../../api/keys';
import { useClientManagers } from '../../api/list-client-managers';
import { removeClientManager } from '../../api/remove-client-manager';
import { SectionCard } from '@/components/ui/section-card';

/** Managers of a client: each with Remove, plus Add. A load failure shows an empty list. */
export function ManagersCard({ clientId }: { clientId: string }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const managers = useClientManagers(clientId);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const list = managers.isError ? [] : (managers.data ?? []);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.clientManagers(clientId) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.clientTimeline(clientId) });
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      await addClientManager(clientId, { email: trimmed });
      toast.success('Manager added', { description: trimmed });
      setEmail('');
    } catch (error) {
      toast.error('Add failed', { description: errorMessage(error, 'Unknown error') });
    } finally {
      setBusy(false);
      reload();
    }
  };

  const remove = async (manager: string) => {
    setBusy(true);
    try {
      await removeClientManager(clientId, { email: manager });
      toast.success('Manager removed', { description: manager });
    } catch (error) {
      toast.error('Remove failed', { description: errorMessage(error, 'Unknown error') });
    } finally {
      setBusy(false);
      reload();
    }
  };

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
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove(manager)}
                disabled={busy}
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
              >
                <Trash2 className="size-3.5" aria-hidden /> Remove<span className="sr-only"> {manager}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
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
    </SectionCard>
  );
}
