import { Link } from 'react-router';
import { RefreshCw, Settings2 } from 'lucide-react';
import { SOCIAL_PROVIDER_LABELS } from '@hookline/shared';
import { ConnectionStatusBadge } from '@/components/connection-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { useSocialConnections } from '@/lib/client-data/list-social-connections';
import { useRefreshSocialConnection } from '@/lib/client-data/refresh-social-connection';
import { cn } from '@/lib/cn';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { instanceHost } from '@/lib/channel-host';
import { ProviderIcon } from '@/components/provider-icon';

/** The settings page scrolled to the channel, with its Reconnect button focused (as the reconnect mail links). */
const reconnectPath = (id: string) => `/dashboard/settings?reconnect=${encodeURIComponent(id)}#channels`;

/**
 * The Overview's channel health list, with Refresh per channel (and Reconnect for one that lost its
 * access) and a Manage connections link for those who run the channels (the owner and staff). A
 * teammate sees the list only, with `readOnlyReason` saying who changes the channels.
 */
export function ChannelHealth({
  connections,
  readOnlyReason,
}: {
  connections: ReturnType<typeof useSocialConnections>;
  readOnlyReason: string | null;
}) {
  const { refreshing, refresh } = useRefreshSocialConnection();

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
            const label = SOCIAL_PROVIDER_LABELS[connection.provider];
            const host = instanceHost(connection.instanceUrl);
            return (
              <li key={connection.id} aria-label={`${label} ${connection.handle}`} className="py-3 first:pt-0 last:pb-0">
                <div className="flex items-center gap-3">
                  <ProviderIcon provider={connection.provider} className="size-7" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900" title={connection.handle}>
                      {connection.handle}
                    </p>
                    <p className="truncate text-xs text-slate-500">{host ? `${label} · ${host}` : label}</p>
                  </div>
                </div>
                {/* Below the name, across the card: the card is narrow beside the chart. */}
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2 pl-10">
                  <ConnectionStatusBadge status={connection.status} demo={connection.demo} />
                  {readOnlyReason === null ? (
                    connection.status === 'connected' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => refresh(connection)}
                        disabled={busy}
                        aria-label={`Refresh ${connection.handle}`}
                      >
                        <RefreshCw className={cn('size-4', busy && 'animate-spin')} aria-hidden /> {busy ? 'Refreshing…' : 'Refresh'}
                      </Button>
                    ) : (
                      <Button asChild size="sm">
                        <Link to={reconnectPath(connection.id)} aria-label={`Reconnect ${connection.handle}`}>
                          Reconnect
                        </Link>
                      </Button>
                    )
                  ) : null}
                </div>
                {connection.lastError ? <p className="mt-2 pl-10 break-words text-xs text-amber-800">{connection.lastError}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
      {readOnlyReason === null ? (
        <Button asChild size="sm" variant="secondary" className="mt-4">
          <Link to="/dashboard/settings">
            <Settings2 className="size-4" aria-hidden /> Manage connections
          </Link>
        </Button>
      ) : (
        <p className="mt-4 text-sm text-slate-500">{readOnlyReason}</p>
      )}
    </SectionCard>
  );
}
