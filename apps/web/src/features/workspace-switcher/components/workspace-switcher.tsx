import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { ArrowRight, Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { workspaceUrl } from '@/lib/active-workspace';
import { cn } from '@/lib/cn';
import type { TAccessibleWorkspace } from '@hookline/shared';
import { SWITCHER_LIMIT, useAccessibleWorkspaces } from '../api/list-accessible-workspaces';

/** How a client's list names their part in each workspace: theirs, or a teammate's role there. */
const ACCESS_NOTES: Record<TAccessibleWorkspace['access'], string> = { owner: 'Yours', editor: 'Editor', approver: 'Approver', staff: '' };

/**
 * A search field and the workspaces found, each a link that opens it. Links rather than a listbox:
 * the keyboard and screen readers already know them, and a link can open a second workspace in
 * another tab. Following one loads the page anew, so nothing of the current one stays on screen.
 * Staff find clients; a client finds their own workspace and those they are a teammate in.
 */
export function WorkspaceSwitcher({
  currentId,
  onEscape,
  inputRef,
  forStaff = true,
}: {
  /** The workspace open now, marked in the list. */
  currentId?: string;
  /** Escape in the search field with nothing typed (a disclosure closes). */
  onEscape?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** False for a client: the list is of their workspaces, each with their part in it. */
  forStaff?: boolean;
}) {
  const [one, many] = forStaff ? ['client', 'clients'] : ['workspace', 'workspaces'];
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const workspaces = useAccessibleWorkspaces(search);
  const rows = workspaces.data?.workspaces ?? [];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (text) setText('');
    else onEscape?.();
  };

  const summary = workspaces.isPending
    ? `Loading ${many}…`
    : workspaces.isError
      ? `Could not load the ${many}: ${workspaces.error.message}`
      : rows.length === 0
        ? search
          ? `No ${many} match “${search}”.`
          : `No ${many} to open yet.`
        : rows.length >= SWITCHER_LIMIT
          ? `The first ${rows.length} ${many}; search to find others.`
          : `${rows.length} ${rows.length === 1 ? one : many}`;

  return (
    <div className="grid min-w-0 gap-2">
      <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700">
        {`Find a ${one}`}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <Input
          ref={inputRef}
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Name or owner email"
          autoComplete="off"
          aria-describedby={`${id}-summary`}
          className="pl-9"
        />
      </div>
      <p id={`${id}-summary`} role="status" className={cn('text-xs', workspaces.isError ? 'text-red-700' : 'text-slate-500')}>
        {summary}
      </p>
      {workspaces.isPending ? (
        <div className="grid gap-2" aria-hidden>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : rows.length > 0 ? (
        <ul
          aria-label={forStaff ? 'Clients' : 'Workspaces'}
          className="grid max-h-80 gap-1 overflow-y-auto"
          aria-busy={workspaces.isFetching || undefined}
        >
          {rows.map((workspace) => {
            const current = workspace.id === currentId;
            return (
              <li key={workspace.id}>
                <a
                  href={workspaceUrl(workspace.id)}
                  aria-current={current || undefined}
                  className={cn(
                    'flex min-w-0 items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-transparent hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500',
                    current && 'bg-brand-50 ring-brand-200',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{workspace.name}</span>
                    <span className="block truncate text-xs text-slate-500">
                      {workspace.owner}
                      {ACCESS_NOTES[workspace.access] ? ` · ${ACCESS_NOTES[workspace.access]}` : null}
                    </span>
                  </span>
                  {current ? (
                    <span className="shrink-0 text-xs font-medium text-brand-700">Open now</span>
                  ) : (
                    <ArrowRight className="size-4 shrink-0 text-slate-400" aria-hidden />
                  )}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
