import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowLeftRight, Building2 } from 'lucide-react';
import type { TWorkspaceAccessLevel } from '@hookline/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useAccessibleWorkspaces } from '../api/list-accessible-workspaces';
import { WorkspaceSwitcher } from './workspace-switcher';

/** The way back from a client's workspace to the admin console. */
export function BackToConsoleLink({ className }: { className?: string }) {
  return (
    <Link to="/admin" className={cn(buttonClasses('secondary', 'sm'), className)}>
      <ArrowLeft className="size-4" aria-hidden /> Back to console
    </Link>
  );
}

/** What the banner says for each way of working in a workspace; until it has loaded, the staff one. */
const BANNERS = {
  staff: { label: 'Client workspace', toggle: 'Switch client' },
  teammate: { label: 'Shared workspace', toggle: 'Switch workspace' },
  owner: { label: 'Your workspace', toggle: 'Switch workspace' },
} as const;

/**
 * Above every dashboard page while the tab works in a workspace that is not the caller's own, or
 * while a client has more than one: whose it is and how the caller works there, a switcher to
 * another (shown on demand, in the page's flow so that it fits a phone's width), and for staff the
 * way back to the console. Staff work in a client's workspace; a teammate in the workspace of the
 * owner who invited them, as an editor or an approver; an owner who is also someone's teammate in
 * their own.
 */
export function WorkspaceBanner({
  workspace,
  canSwitch = true,
}: {
  workspace: { id: string; name: string; access?: TWorkspaceAccessLevel } | undefined;
  /** False while the caller has no other workspace to open: the banner then only says whose this one is. */
  canSwitch?: boolean;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const access = workspace?.access ?? 'staff';
  const kind = access === 'editor' || access === 'approver' ? 'teammate' : access === 'owner' ? 'owner' : 'staff';
  const { label, toggle } = BANNERS[kind];

  // Opening moves the focus to the search, where the keyboard continues.
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <section aria-label={label} className="mb-6 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200 sm:p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <p className="flex min-w-0 flex-1 basis-56 items-center gap-2 text-sm text-brand-900">
          <Building2 className="size-4 shrink-0" aria-hidden />
          {workspace ? (
            <span className="min-w-0 break-words">
              Working in <strong className="font-semibold">{workspace.name}</strong>
              {kind === 'owner' ? ', your own workspace' : '’s workspace'}
              {kind === 'teammate' ? ` as an ${access}` : null}
            </span>
          ) : (
            <>
              <span className="sr-only">Loading the workspace…</span>
              <Skeleton className="h-5 w-48" />
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {canSwitch ? (
            <Button
              ref={toggleRef}
              variant="secondary"
              size="sm"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => (open ? close() : setOpen(true))}
            >
              <ArrowLeftRight className="size-4" aria-hidden /> {toggle}
            </Button>
          ) : null}
          {kind === 'staff' ? <BackToConsoleLink /> : null}
        </div>
      </div>
      {canSwitch ? (
        <div id={panelId} hidden={!open} className="mt-3 rounded-lg bg-white p-3 ring-1 ring-slate-200">
          {open ? <WorkspaceSwitcher currentId={workspace?.id} onEscape={close} inputRef={searchRef} forStaff={kind === 'staff'} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The banner as a client account sees it: a teammate always, so that whose workspace this is never
 * goes unsaid; an owner only while they have another workspace to switch to (they are also someone's
 * teammate). The switcher is offered only with more than one workspace to choose from.
 */
export function ClientWorkspaceBanner({ workspace }: { workspace: { id: string; name: string; access: TWorkspaceAccessLevel } }) {
  const workspaces = useAccessibleWorkspaces('');
  const canSwitch = (workspaces.data?.workspaces.length ?? 0) > 1;
  if (workspace.access === 'owner' && !canSwitch) return null;
  return <WorkspaceBanner workspace={workspace} canSwitch={canSwitch} />;
}
