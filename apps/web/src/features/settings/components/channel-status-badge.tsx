import type { TSocialConnectionStatus } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** SPEC section 4: connected, needs_reauth (shown 'Re-auth needed'), disconnected. */
export const CHANNEL_STATUS_LABELS: Record<TSocialConnectionStatus, string> = {
  connected: 'Connected',
  needs_reauth: 'Re-auth needed',
  disconnected: 'Disconnected',
};

const STYLES: Record<TSocialConnectionStatus, { badge: string; dot: string }> = {
  connected: { badge: 'bg-emerald-100 text-emerald-800', dot: 'bg-emerald-500' },
  needs_reauth: { badge: 'bg-amber-100 text-amber-900', dot: 'bg-amber-500' },
  disconnected: { badge: 'bg-slate-100 text-slate-700', dot: 'bg-slate-400' },
};

export function ChannelStatusBadge({ status }: { status: TSocialConnectionStatus }) {
  const style = STYLES[status] ?? STYLES.disconnected;
  return (
    <Badge className={style.badge}>
      <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden />
      {CHANNEL_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
