import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowLeftRight, Building2 } from 'lucide-react';
import type { TWorkspaceAccessLevel } from '@hookline/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { WorkspaceSwitcher } from './workspace-switcher';

/** The way back from a client's workspace to the admin console. */
export function BackToConsoleLink({ className }: { className?: string }) {
  return (
    <Link to="/admin" className={cn(buttonClasses('secondary', 'sm'), className)}>
      <ArrowLeft className="size-4" aria-hidden /> Back to console
    </Link>
  );
}

/**
 * Above every dashboard page while the tab works in a workspace that is not the caller's own: whose
 * it is and how the caller works there, a switcher to another (shown on demand, in the page's flow
 * so that it fits a phone's width), and for staff the way back to the console. Staff work in a
 * client's workspace; a teammate in the workspace of the owner who invited them, as an editor or an
 * approver.
 */
export function WorkspaceBanner({ workspace }: { workspace: { id: string; name: string; access?: TWorkspaceAccessLevel } | undefined }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Until the workspace has loaded, the banner is the staff one (the shell shows it to staff first).
  const teammateRole = workspace?.access === 'editor' || workspace?.access === 'approver' ? workspace.access : null;

  // Opening moves the focus to the search, where the keyboard continues.
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <section
      aria-label={teammateRole ? 'Shared workspace' : 'Client workspace'}
      className="mb-6 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200 sm:p-4"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <p className="flex min-w-0 flex-1 basis-56 items-center gap-2 text-sm text-brand-900">
          <Building2 className="size-4 shrink-0" aria-hidden />
          {workspace ? (
            <span className="min-w-0 break-words">
              Working in <strong className="font-semibold">{workspace.name}</strong>’s workspace
              {teammateRole ? ` as an ${teammateRole}` : null}
            </span>
          ) : (
            <>
              <span className="sr-only">Loading the workspace…</span>
              <Skeleton className="h-5 w-48" />
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            ref={toggleRef}
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => (open ? close() : setOpen(true))}
          >
            <ArrowLeftRight className="size-4" aria-hidden /> {teammateRole ? 'Switch workspace' : 'Switch client'}
          </Button>
          {teammateRole ? null : <BackToConsoleLink />}
        </div>
      </div>
      <div id={panelId} hidden={!open} className="mt-3 rounded-lg bg-white p-3 ring-1 ring-slate-200">
        {open ? (
          <WorkspaceSwitcher currentId={workspace?.id} onEscape={close} inputRef={searchRef} forStaff={teammateRole === null} />
        ) : null}
      </div>
    </section>
  );
}
