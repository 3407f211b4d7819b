import type { TSocialConnectionStatus } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { CONNECTION_STATUS_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';

const STYLES: Record<TSocialConnectionStatus, { badge: string; dot: string }> = {
  connected: { badge: 'bg-emerald-100 text-emerald-800', dot: 'bg-emerald-500' },
  needs_reauth: { badge: 'bg-amber-100 text-amber-900', dot: 'bg-amber-500' },
  disconnected: { badge: 'bg-slate-100 text-slate-700', dot: 'bg-slate-400' },
};

/** A social connection's status as a coloured badge with a dot ('Connected', 'Re-auth needed', 'Disconnected'). */
export function ConnectionStatusBadge({ status }: { status: TSocialConnectionStatus }) {
  const style = STYLES[status] ?? STYLES.disconnected;
  return (
    <Badge className={style.badge}>
      <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden />
      {CONNECTION_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
