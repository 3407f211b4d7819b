import { useId } from 'react';
import type { TWorkspaceDraftsByState } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { useWorkspaceDrafts } from '../../api/get-workspace-drafts';
import { DraftSummaryList } from '../shared/draft-summary-list';

const GROUPS: { key: keyof TWorkspaceDraftsByState; title: string }[] = [
  { key: 'inReview', title: 'In review' },
  { key: 'changesRequested', title: 'Changes requested' },
  { key: 'approved', title: 'Approved' },
  { key: 'scheduled', title: 'Scheduled' },
];

/** The client's drafts by where they stand, each group with its count; a failed load reads as no drafts. */
export function DraftsCard({ clientId }: { clientId: string }) {
  const drafts = useWorkspaceDrafts(clientId);
  return (
    <SectionCard title="Drafts" description="Unpublished drafts in the client's workspace, by review and schedule.">
      {drafts.isPending ? (
        <SkeletonLines count={4} />
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          {GROUPS.map(({ key, title }) => (
            <DraftGroup key={key} title={title} drafts={drafts.isError ? [] : drafts.data[key]} />
          ))}
        </div>
      )}
    </SectionCard>
  );
}

function DraftGroup({ title, drafts }: { title: string; drafts: TWorkspaceDraftsByState[keyof TWorkspaceDraftsByState] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h3 id={headingId} className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
        {title}
        <Badge>{drafts.length}</Badge>
      </h3>
      {drafts.length ? (
        <DraftSummaryList drafts={drafts} label={title} showStanding={false} />
      ) : (
        <p className="text-sm text-slate-500">None.</p>
      )}
    </section>
  );
}
