import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { BackToConsoleLink } from './workspace-banner';
import { WorkspaceSwitcher } from './workspace-switcher';

function Panel({ title, staff, children }: { title: string; staff: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl">
      <SectionCard title={title} actions={staff ? <BackToConsoleLink /> : undefined}>
        <div className="grid gap-4">{children}</div>
      </SectionCard>
    </div>
  );
}

/** Staff have no workspace of their own: the dashboard asks which client to work for instead of showing a page. */
export function ChooseWorkspacePanel() {
  return (
    <Panel title="Choose a client" staff>
      <p className="flex gap-2 text-sm text-slate-600">
        <Building2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
        The dashboard works inside a client’s workspace. Open the client you want to work for; this tab stays with them until you switch.
      </p>
      <WorkspaceSwitcher />
    </Panel>
  );
}

/**
 * The workspace this tab was opened in does not answer (no longer assigned, deleted, removed from
 * its team, or another account signed in): why, and the ways on. Staff choose another client; a
 * client chooses among the workspaces they may open, or returns to their own. A client whose own
 * default is refused (a teammate removed from every team) has no "own" to return to: the way out is
 * the home page.
 */
export function WorkspaceUnavailablePanel({ message, isStaff, chosen = true }: { message: string; isStaff: boolean; chosen?: boolean }) {
  return (
    <Panel title={chosen ? 'This workspace cannot be opened' : 'No workspace to open'} staff={isStaff}>
      <Alert tone="error">{message}</Alert>
      {isStaff ? (
        <WorkspaceSwitcher />
      ) : (
        <>
          <WorkspaceSwitcher forStaff={false} />
          <div>
            {chosen ? (
              <Button
                variant="secondary"
                onClick={() => {
                  clearActiveWorkspace();
                  window.location.assign('/dashboard');
                }}
              >
                Go to my workspace
              </Button>
            ) : (
              <Link to="/" className={buttonClasses('secondary')}>
                Back to the home page
              </Link>
            )}
          </div>
        </>
      )}
    </Panel>
  );
}
