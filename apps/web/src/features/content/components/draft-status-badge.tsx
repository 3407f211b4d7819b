import { CalendarClock, CircleAlert, CircleCheck, CirclePause, LoaderCircle, PenLine } from 'lucide-react';
import type { TDraft } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { formatFull, formatWhen } from '@/lib/zoned-time';

/** Draft, Queued for {time}, Publishing…, Published {time}, Failed, Held. */
export function DraftStatusBadge({ draft, timeZone }: { draft: TDraft; timeZone: string }) {
  switch (draft.status) {
    case 'queued':
      return (
        <Badge tone="brand" title={draft.scheduledAt ? formatFull(draft.scheduledAt, timeZone) : undefined}>
          <CalendarClock className="size-3.5" aria-hidden />
          {draft.scheduledAt ? `Queued for ${formatWhen(draft.scheduledAt, timeZone)}` : 'Queued'}
        </Badge>
      );
    case 'publishing':
      return (
        <Badge tone="warning">
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          Publishing…
        </Badge>
      );
    case 'published': {
      const at = draft.publishedAt ?? draft.scheduledAt;
      return (
        <Badge tone="success" title={at ? formatFull(at, timeZone) : undefined}>
          <CircleCheck className="size-3.5" aria-hidden />
          {at ? `Published ${formatWhen(at, timeZone)}` : 'Published'}
        </Badge>
      );
    }
    case 'failed':
      return (
        <Badge tone="danger">
          <CircleAlert className="size-3.5" aria-hidden />
          Failed
        </Badge>
      );
    case 'held':
      return (
        <Badge tone="warning" title={draft.scheduledAt ? `Was due ${formatFull(draft.scheduledAt, timeZone)}` : undefined}>
          <CirclePause className="size-3.5" aria-hidden />
          Held
        </Badge>
      );
    default:
      return (
        <Badge tone="neutral">
          <PenLine className="size-3.5" aria-hidden />
          Draft
        </Badge>
      );
  }
}
