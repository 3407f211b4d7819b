import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { SOCIAL_PROVIDER_LABELS, SOCIAL_PROVIDERS, type TSocialConnection } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSocialConnections } from '@/lib/client-data/list-social-connections';
import { useRefreshSocialConnection } from '@/lib/client-data/refresh-social-connection';
import { useSocialProviders } from '../api/get-social-providers';
import { useRemoveSocialConnection } from '../api/remove-social-connection';
import { NetworkSection, type ChannelManagement, type NetworkInfo } from './network-section';
import { RemoveChannelDialog } from './remove-channel-dialog';
import { SectionCard } from '@/components/ui/section-card';

/** The networks in their usual order, named, while the server's list of them cannot be read. */
const KNOWN_NETWORKS: NetworkInfo[] = SOCIAL_PROVIDERS.map((provider) => ({ provider, label: SOCIAL_PROVIDER_LABELS[provider] }));

/**
 * Settings' Connected channels: every network with its connected accounts. The owner and staff
 * connect, reconnect, refresh and remove them; a teammate sees the connected ones only, with
 * `readOnlyReason` saying who changes them. ?reconnect={id} (the owner's reconnect mail) points at
 * one channel, which is scrolled to and marked.
 */
export function ChannelsCard({ readOnlyReason }: { readOnlyReason: string | null }) {
  const providers = useSocialProviders();
  const connections = useSocialConnections();
  const [removing, setRemoving] = useState<TSocialConnection | null>(null);
  const { refreshing, refresh } = useRefreshSocialConnection();
  const removal = useRemoveSocialConnection();
  const [params] = useSearchParams();
  const highlightId = params.get('reconnect');

  const remove = (connection: TSocialConnection) =>
    removal.mutate(connection.id, {
      onSuccess: () => toast.success('Channel removed', { description: connection.handle }),
      onError: (error) => toast.error('Remove failed', { description: errorMessage(error, 'Unknown error') }),
      onSettled: () => setRemoving(null),
    });
  const manage: ChannelManagement | null = readOnlyReason === null ? { refreshing, refresh, remove: setRemoving } : null;

  const connectionsOf = (network: NetworkInfo) => connections.data?.filter((connection) => connection.provider === network.provider) ?? [];
  // A teammate sees what is connected, not what could be.
  const networks = (providers.data?.networks ?? KNOWN_NETWORKS).filter((network) => manage || connectionsOf(network).length > 0);
  return (
    // #channels: where the reconnect mail's link points.
    <div id="channels">
      <SectionCard title="Connected channels" description="The accounts Hookline publishes to and reports on.">
        {/* Both reads before the list: how a channel reconnects depends on its network. */}
        {connections.isPending || providers.isPending ? (
          <div className="grid gap-3" role="status">
            <span className="sr-only">Loading channels…</span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : connections.isError ? (
          <Alert tone="error">Could not load your channels: {connections.error.message}</Alert>
        ) : (
          <div className="grid gap-3">
            {connections.data.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
                No channels connected yet.
              </p>
            ) : null}
            {providers.isError ? (
              <p className="text-sm text-red-700">Could not load the networks this server connects: {providers.error.message}</p>
            ) : null}
            {networks.length > 0 ? (
              <ul aria-label="Networks" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
                {networks.map((network) => (
                  <NetworkSection
                    key={network.provider}
                    network={network}
                    connections={connectionsOf(network)}
                    manage={manage}
                    highlightId={highlightId}
                  />
                ))}
              </ul>
            ) : null}
          </div>
        )}
        {readOnlyReason === null ? null : <p className="mt-4 text-sm text-slate-500">{readOnlyReason}</p>}

        <RemoveChannelDialog connection={removing} removing={removal.isPending} onCancel={() => setRemoving(null)} onConfirm={remove} />
      </SectionCard>
    </div>
  );
}
