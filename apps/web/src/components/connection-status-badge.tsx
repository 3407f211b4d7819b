import type { TSocialConnectionStatus } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { CONNECTION_STATUS_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';

const STYLES: Record<TSocialConnectionStatus, { badge: string; dot: string }> = {
  connected: { badge: 'bg-emerald-100 text-emerald-800', dot: 'bg-emerald-500' },
  needs_reauth: { badge: 'bg-amber-100 text-amber-900', dot: 'bg-amber-500' },
  disconnected: { badge: 'bg-slate-100 text-slate-700', dot: 'bg-slate-400' },
};

/**
 * A social connection's status as a coloured badge with a dot ('Connected', 'Re-auth needed',
 * 'Disconnected'); a demo channel gets a 'Demo' badge beside it, so nobody takes it for a real account.
 */
export function ConnectionStatusBadge({ status, demo = false }: { status: TSocialConnectionStatus; demo?: boolean }) {
  const style = STYLES[status] ?? STYLES.disconnected;
  const badge = (
    <Badge className={style.badge}>
      <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden />
      {CONNECTION_STATUS_LABELS[status] ?? status}
    </Badge>
  );
  if (!demo) return badge;
  return (
    <span className="inline-flex items-center gap-1">
      {badge}
      <Badge tone="brand" title="A sample channel of the demo: no account is behind it and nothing is published to it">
        Demo
      </Badge>
    </span>
  );
}
