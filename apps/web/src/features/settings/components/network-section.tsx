import { useId, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import type { TSocialConnection, TSocialProvidersResponse } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { connectSocialChannelPath } from '../api/connect-social-channel';
import { instanceHost } from '@/lib/channel-host';
import { BlueskyConnectForm } from './bluesky-connect-form';
import { ChannelRow, type ReconnectAction } from './channel-row';
import { MastodonConnectForm } from './mastodon-connect-form';
import { ProviderIcon } from '@/components/provider-icon';

/** Where a trip to a network comes back to, with ?connected= or ?channelError=. */
export const CONNECT_RETURN_TO = '/dashboard/settings';

type Network = TSocialProvidersResponse['networks'][number];
/** A network as far as it is known: how it connects is missing while the server's list could not be read. */
export type NetworkInfo = Pick<Network, 'provider' | 'label'> & Partial<Pick<Network, 'configured' | 'connectWith'>>;

/** What the owner and staff can do to the channels; null for a teammate. */
export interface ChannelManagement {
  refreshing: string | null;
  refresh: (connection: TSocialConnection) => void;
  remove: (connection: TSocialConnection) => void;
}

/**
 * One network in Connected channels: its mark and name, how to connect an account (a trip to the
 * network, or a form for Mastodon's server and Bluesky's app password), and its connected accounts.
 */
export function NetworkSection({
  network,
  connections,
  manage,
  highlightId,
}: {
  network: NetworkInfo;
  connections: TSocialConnection[];
  manage: ChannelManagement | null;
  highlightId: string | null;
}) {
  const headingId = useId();
  const formId = useId();
  // The open form, with the handle of the account it reconnects (Bluesky).
  const [form, setForm] = useState<{ handle?: string } | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { provider, label, configured, connectWith } = network;

  const closeForm = () => {
    setForm(null);
    toggle.current?.focus();
  };

  const reconnectOf = (connection: TSocialConnection): ReconnectAction | null => {
    if (connection.status === 'connected' || !configured) return null;
    if (connectWith === 'app_password') return { open: () => setForm({ handle: connection.handle }) };
    const instance = connectWith === 'instance' ? (instanceHost(connection.instanceUrl) ?? undefined) : undefined;
    return { href: connectSocialChannelPath(provider, CONNECT_RETURN_TO, instance) };
  };

  return (
    <li aria-labelledby={headingId} className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <ProviderIcon provider={provider} />
        <h3 id={headingId} className="flex-1 font-medium whitespace-nowrap text-slate-900">
          {label}
        </h3>
        {!manage || configured === undefined ? null : !configured ? (
          <p className="text-sm text-slate-500">Not set up on this server</p>
        ) : connectWith === 'oauth' ? (
          <Button asChild size="sm" variant="secondary">
            <a href={connectSocialChannelPath(provider, CONNECT_RETURN_TO)}>
              <Plus className="size-4" aria-hidden /> Connect {label}
            </a>
          </Button>
        ) : (
          <Button
            ref={toggle}
            size="sm"
            variant="secondary"
            aria-expanded={form !== null}
            aria-controls={form ? formId : undefined}
            onClick={() => (form ? closeForm() : setForm({}))}
          >
            <Plus className="size-4" aria-hidden /> Connect {label}
          </Button>
        )}
      </div>
      {form && connectWith === 'instance' ? <MastodonConnectForm id={formId} returnTo={CONNECT_RETURN_TO} onCancel={closeForm} /> : null}
      {form && connectWith === 'app_password' ? (
        <BlueskyConnectForm key={form.handle ?? ''} id={formId} handle={form.handle} onDone={closeForm} />
      ) : null}
      {connections.length > 0 ? (
        <ul aria-label={`${label} accounts`} className="mt-2 grid gap-1">
          {connections.map((connection) => (
            <ChannelRow
              key={connection.id}
              connection={connection}
              refreshing={manage?.refreshing === connection.id}
              highlighted={connection.id === highlightId}
              actions={
                manage
                  ? {
                      refresh: () => manage.refresh(connection),
                      remove: () => manage.remove(connection),
                      reconnect: reconnectOf(connection),
                    }
                  : null
              }
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
