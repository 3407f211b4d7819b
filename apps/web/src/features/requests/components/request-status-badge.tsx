import type { TRequestStatus } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { REQUEST_STATUS_LABELS } from '../labels';

const TONES = { open: 'brand', in_progress: 'warning', closed: 'neutral' } as const;

/** Open, In progress, Closed. */
export function RequestStatusBadge({ status }: { status: TRequestStatus }) {
  return <Badge tone={TONES[status]}>{REQUEST_STATUS_LABELS[status]}</Badge>;
}
