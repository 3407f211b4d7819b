import { useId } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { TDraft } from '@hookline/shared';
import { CHANNEL_LABELS } from '@/lib/channel-labels';

/**
 * What the channel's network would refuse in the draft, as the server last checked it (after every
 * save). Queue, Schedule and Publish are refused while any remain and an account is connected.
 */
export function DraftProblems({ draft }: { draft: Pick<TDraft, 'channel' | 'problems'> }) {
  const titleId = useId();
  if (draft.problems.length === 0) return null;
  return (
    <div className="mx-4 mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
      <p id={titleId} className="flex items-center gap-1.5 font-medium">
        <TriangleAlert className="size-4 shrink-0 text-amber-700" aria-hidden />
        Before {CHANNEL_LABELS[draft.channel]} accepts this post:
      </p>
      <ul aria-labelledby={titleId} className="mt-1 list-disc space-y-0.5 pl-6">
        {draft.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
