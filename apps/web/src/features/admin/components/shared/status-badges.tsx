import type { TRequestStatus } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { sentenceCase } from '../../format';

/** Active is green; any other client status is amber. */
export function ClientStatusBadge({ status }: { status: string }) {
  return <Badge tone={status === 'active' ? 'success' : 'warning'}>{sentenceCase(status)}</Badge>;
}

const REQUEST_TONES = { open: 'brand', in_progress: 'warning', closed: 'neutral' } as const;

/** Open, In progress, Closed. */
export function RequestStatusBadge({ status }: { status: TRequestStatus }) {
  return <Badge tone={REQUEST_TONES[status] ?? 'neutral'}>{sentenceCase(status)}</Badge>;
}

const HEALTH_STYLES: Record<string, string> = {
  healthy: 'bg-emerald-100 text-emerald-800',
  degraded: 'bg-amber-100 text-amber-900',
  down: 'bg-red-100 text-red-800',
};
const HEALTH_DOTS: Record<string, string> = { healthy: 'bg-emerald-500', degraded: 'bg-amber-500', down: 'bg-red-500' };

/** healthy / degraded / down, with a coloured dot as well as the word. */
export function HealthBadge({ status }: { status: string }) {
  return (
    <Badge className={HEALTH_STYLES[status] ?? 'bg-slate-100 text-slate-700'}>
      <span className={cn('size-1.5 rounded-full', HEALTH_DOTS[status] ?? 'bg-slate-400')} aria-hidden />
      {status}
    </Badge>
  );
}
