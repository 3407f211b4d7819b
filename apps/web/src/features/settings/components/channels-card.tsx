import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Plus, RefreshCw, Trash2 } from 'lucide-react';
import { SOCIAL_PROVIDER_LABELS, type TSocialConnection } from '@hookline/shared';
import { ConnectionStatusBadge } from '@/components/connection-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSocialConnections } from '@/lib/client-data/list-social-connections';
import { useRefreshSocialConnection } from '@/lib/client-data/refresh-social-connection';
import { connectSocialChannelPath } from '../api/connect-social-channel';
import { useSocialProviders } from '../api/get-social-providers';
import { useRemoveSocialConnection } from '../api/remove-social-connection';
import { ProviderIcon } from './provider-icon';
import { RemoveChannelDialog } from './remove-channel-dialog';
import { SectionCard } from '@/components/ui/section-card';

/**
 * Settings' Connected channels. Connecting is a full-page trip to the provider and back. The owner
 * and staff connect, refresh and remove them; a teammate sees them only, with `readOnlyReason` saying who changes them.
 */
export function ChannelsCard({ readOnlyReason }: { readOnlyReason: string | null }) {
  const canManage = readOnlyReason === null;
  const providers = useSocialProviders();
  const connections = useSocialConnections();
  const [removing, setRemoving] = useState<TSocialConnection | null>(null);
  const { refreshing, refresh } = useRefreshSocialConnection();
  const removal = useRemoveSocialConnection();

  const remove = (connection: TSocialConnection) =>
    removal.mutate(connection.id, {
      onSuccess: () => toast.success('Channel removed', { description: connection.handle }),
      onError: (error) => toast.error('Remove failed', { description: errorMessage(error, 'Unknown error') }),
      onSettled: () => setRemoving(null),
    });

  const available = providers.data?.providers ?? [];
  return (
    <SectionCard title="Connected channels" description="The accounts Hookline publishes to and reports on.">
      {connections.isPending ? (
        <div className="grid gap-3" role="status">
          <span className="sr-only">Loading channels…</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : connections.isError ? (
        <Alert tone="error">Could not load your channels: {connections.error.message}</Alert>
      ) : connections.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No channels connected yet.
        </p>
      ) : (
        <ul aria-label="Channels" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {connections.data.map((connection) => (
            <ChannelRow
              key={connection.id}
              connection={connection}
              refreshing={refreshing === connection.id}
              actions={canManage ? { refresh: () => refresh(connection), remove: () => setRemoving(connection) } : null}
            />
          ))}
        </ul>
      )}

      {canManage ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {available.map((provider) => (
            <Button key={provider} asChild variant="secondary">
              <a href={connectSocialChannelPath(provider)}>
                <Plus className="size-4" aria-hidden /> Connect {SOCIAL_PROVIDER_LABELS[provider]}
              </a>
            </Button>
          ))}
          {providers.isSuccess && available.length === 0 ? (
            <p className="text-sm text-slate-500">Channel connections are not set up on this server yet.</p>
          ) : null}
          {providers.isError ? <p className="text-sm text-red-700">Could not load channel providers: {providers.error.message}</p> : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-500">{readOnlyReason}</p>
      )}

      <RemoveChannelDialog connection={removing} removing={removal.isPending} onCancel={() => setRemoving(null)} onConfirm={remove} />
    </SectionCard>
  );
}

function ChannelRow({
  connection,
  refreshing,
  actions,
}: {
  connection: TSocialConnection;
  refreshing: boolean;
  /** Null for a teammate: the row shows the channel without its actions. */
  actions: { refresh: () => void; remove: () => void } | null;
}) {
  const label = SOCIAL_PROVIDER_LABELS[connection.provider];
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" aria-label={`${label} ${connection.handle}`}>
      <ProviderIcon provider={connection.provider} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{connection.handle}</p>
        <p className="text-xs text-slate-500">
          {label} · connected {new Date(connection.connectedAt).toLocaleDateString()}
        </p>
        {connection.lastError ? <p className="mt-1 text-xs text-amber-800">{connection.lastError}</p> : null}
      </div>
      <ConnectionStatusBadge status={connection.status} demo={connection.demo} />
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {connection.status !== 'connected' ? (
            <Button asChild size="sm">
              <a href={connectSocialChannelPath(connection.provider)} aria-label={`Reconnect ${connection.handle}`}>
                Reconnect
              </a>
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={actions.refresh} disabled={refreshing} aria-label={`Refresh ${connection.handle}`}>
            <RefreshCw className={refreshing ? 'size-4 animate-spin' : 'size-4'} aria-hidden /> {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
          <Button size="sm" variant="ghost" onClick={actions.remove} aria-label={`Remove ${connection.handle}`}>
            <Trash2 className="size-4" aria-hidden /> Remove
          </Button>
        </div>
      ) : null}
    </li>
  );
}
