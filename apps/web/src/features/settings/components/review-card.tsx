import { useId } from 'react';
import type { TWorkspace } from '@hookline/shared';
import { SectionCard } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useUpdateWorkspace } from '../api/update-workspace';
import { managesWorkspace, onlyManagersNote } from '@/lib/only-managers';

/**
 * Settings' Review: whether drafts need the client's approval before they are queued or published.
 * The owner and staff switch it; a teammate sees how it is set and who changes it.
 */
export function ReviewCard({ workspace }: { workspace: TWorkspace }) {
  const id = useId();
  const update = useUpdateWorkspace();
  const canManage = managesWorkspace(workspace);
  const on = workspace.requireApproval;

  const toggle = () =>
    update.mutate(
      { requireApproval: !on },
      {
        onSuccess: (saved) => toast.success(saved.requireApproval ? 'Approval required before publishing' : 'Approval no longer required'),
        onError: (error) => toast.error('Save failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );

  return (
    <SectionCard title="Review" description="Who signs off before anything is published.">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
            Require approval before publishing
          </p>
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
            When on, a draft is queued or published only after the owner or an approver has approved it.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={!canManage || update.isPending}
          onClick={toggle}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60',
            on ? 'bg-brand-600' : 'bg-slate-300',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      {canManage ? null : <p className="mt-3 text-sm text-slate-500">{onlyManagersNote(workspace.name, 'change this')}</p>}
    </SectionCard>
  );
}
