import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { RefreshCw, Settings2 } from 'lucide-react';
import { SOCIAL_PROVIDER_LABELS, type TSocialConnection, type TSocialConnectionStatus } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { overviewKeys } from '../api/keys';
import { refreshSocialConnection } from '../api/refresh-social-connection';
import type { useSocialConnections } from '../api/list-social-connections';
import { SectionCard, SkeletonLines } from './section-card';

/** SPEC section 4: connected, needs_reauth (shown 'Re-auth needed'), disconnected. */
export const CONNECTION_STATUS_LABELS: Record<TSocialConnectionStatus, string> = {
  connected: 'Connected',
  needs_reauth: 'Re-auth needed',
  disconnected: 'Disconnected',
};

const STATUS_STYLES: Record<TSocialConnectionStatus, { badge: string; dot: string }> = {
  connected: { badge: 'bg-emerald-100 text-emerald-800', dot: 'bg-emerald-500' },
  needs_reauth: { badge: 'bg-amber-100 text-amber-900', dot: 'bg-amber-500' },
  disconnected: { badge: 'bg-slate-100 text-slate-700', dot: 'bg-slate-400' },
};

function ConnectionStatusBadge({ status }: { status: TSocialConnectionStatus }) {
  const style = STATUS_STYLES[status] ?? STATUS_STYLES.disconnected;
  return (
    <Badge className={style.badge}>
      <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden />
      {CONNECTION_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** SPEC: Overview channel health list, with Refresh per channel and a Manage connections link. */
export function ChannelHealth({ connections }: { connections: ReturnType<typeof useSocialConnections> }) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState<string | null>(null);

  const refresh = async (connection: TSocialConnection) => {
    setRefreshing(connection.id);
    try {
      await refreshSocialConnection(connection.id);
      toast.success('Channel refreshed', { description: connection.handle });
    } catch (error) {
      toast.error('Refresh failed', { description: errorMessage(error, 'Unknown error') });
    } finally {
      setRefreshing(null);
      // A failed refresh can change the status or lastError too.
      await queryClient.invalidateQueries({ queryKey: overviewKeys.socialConnections });
    }
  };

  return (
    <SectionCard title="Channel health" description="The accounts Hookline publishes to.">
      {connections.isPending ? (
        <div role="status">
          <span className="sr-only">Loading channels…</span>
          <SkeletonLines count={3} />
        </div>
      ) : connections.isError ? (
        <Alert tone="error">Could not load your channels: {connections.error.message}</Alert>
      ) : connections.data.length === 0 ? (
        <p className="text-sm text-slate-500">No channels connected yet.</p>
      ) : (
        <ul aria-label="Channels" className="divide-y divide-slate-100">
          {connections.data.map((connection) => {
            const busy = refreshing === connection.id;
            return (
              <li
                key={connection.id}
                aria-label={`${SOCIAL_PROVIDER_LABELS[connection.provider]} ${connection.handle}`}
                className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900" title={connection.handle}>
                    {connection.handle}
                  </p>
                  <p className="text-xs text-slate-500">{SOCIAL_PROVIDER_LABELS[connection.provider]}</p>
                  {connection.lastError ? <p className="mt-1 break-words text-xs text-amber-800">{connection.lastError}</p> : null}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-2">
                  <ConnectionStatusBadge status={connection.status} />
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => refresh(connection)}
                    disabled={busy}
                    aria-label={`Refresh ${connection.handle}`}
                  >
                    <RefreshCw className={cn('size-4', busy && 'animate-spin')} aria-hidden /> {busy ? 'Refreshing…' : 'Refresh'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Button asChild size="sm" variant="secondary" className="mt-4">
        <Link to="/dashboard/settings">
          <Settings2 className="size-4" aria-hidden /> Manage connections
        </Link>
      </Button>
    </SectionCard>
  );
}
