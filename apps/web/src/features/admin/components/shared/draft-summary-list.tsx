import { draftStandingLabel, type TRequestDraft } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { CHANNEL_LABELS, TYPE_LABELS } from '@/lib/channel-labels';
import { formatDateTime } from '../../format';

/**
 * Drafts in brief: their first words, channel and type, a date (when scheduled, else when last
 * changed) and, unless the list is already one state, where each stands.
 */
export function DraftSummaryList({
  drafts,
  label,
  showStanding = true,
}: {
  drafts: TRequestDraft[];
  label: string;
  showStanding?: boolean;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {drafts.map((draft) => {
        const at = draft.status !== 'draft' && draft.scheduledAt ? draft.scheduledAt : draft.updatedAt;
        return (
          <li key={draft.id} className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <span className="min-w-0">
              <span className="block break-words text-sm text-slate-800">{draft.excerpt || 'No text yet'}</span>
              <span className="block text-xs text-slate-500">
                {CHANNEL_LABELS[draft.channel]} {TYPE_LABELS[draft.type]} · <time dateTime={at}>{formatDateTime(at)}</time>
              </span>
            </span>
            {showStanding ? <Badge className="shrink-0">{draftStandingLabel(draft)}</Badge> : null}
          </li>
        );
      })}
    </ul>
  );
}
