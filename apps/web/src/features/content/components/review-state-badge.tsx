import { BadgeCheck, Hourglass, MessageSquareWarning } from 'lucide-react';
import type { TReviewState } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';

/** In review, Approved, Changes requested; nothing before the draft was first sent for review. */
export function ReviewStateBadge({ state }: { state: TReviewState | null }) {
  switch (state) {
    case 'in_review':
      return (
        <Badge tone="warning">
          <Hourglass className="size-3.5" aria-hidden />
          In review
        </Badge>
      );
    case 'approved':
      return (
        <Badge tone="success">
          <BadgeCheck className="size-3.5" aria-hidden />
          Approved
        </Badge>
      );
    case 'changes_requested':
      return (
        <Badge className="bg-red-50 text-red-800">
          <MessageSquareWarning className="size-3.5" aria-hidden />
          Changes requested
        </Badge>
      );
    default:
      return null;
  }
}
