import { useEffect, useRef } from 'react';
import { RefreshCw, Trash2 } from 'lucide-react';
import { SOCIAL_PROVIDER_LABELS, type TSocialConnection } from '@hookline/shared';
import { ConnectionStatusBadge } from '@/components/connection-status-badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { instanceHost } from '@/lib/channel-host';

/** How Reconnect starts the network's connect flow again: a trip to the network, or its form here. */
export type ReconnectAction = { href: string } | { open: () => void };

export interface ChannelActions {
  refresh: () => void;
  remove: () => void;
  /** Null when the channel is connected, or its network is not set up on this server. */
  reconnect: ReconnectAction | null;
}

/**
 * One connected account under its network. `highlighted` is the channel the owner's reconnect mail
 * links to (?reconnect={id}): it is scrolled to and marked, and its Reconnect button takes the focus.
 */
export function ChannelRow({
  connection,
  refreshing,
  actions,
  highlighted,
}: {
  connection: TSocialConnection;
  refreshing: boolean;
  /** Null for a teammate: the row shows the channel without its actions. */
  actions: ChannelActions | null;
  highlighted: boolean;
}) {
  const row = useRef<HTMLLIElement>(null);
  const reconnectButton = useRef<HTMLElement | null>(null);
  const keepReconnectButton = (element: HTMLElement | null) => {
    reconnectButton.current = element;
  };
  useEffect(() => {
    if (!highlighted || !row.current) return;
    row.current.scrollIntoView({ block: 'center' });
    (reconnectButton.current ?? row.current).focus({ preventScroll: true });
  }, [highlighted]);

  const host = instanceHost(connection.instanceUrl);
  const reconnect = actions?.reconnect;
  const reconnectLabel = `Reconnect ${connection.handle}`;
  return (
    <li
      ref={row}
      // Focusable only as the mail's target, when it has no Reconnect button to focus (a teammate's view).
      tabIndex={highlighted ? -1 : undefined}
      data-highlighted={highlighted || undefined}
      aria-label={`${SOCIAL_PROVIDER_LABELS[connection.provider]} ${connection.handle}`}
      className="flex flex-wrap items-center gap-3 rounded-lg px-3 py-2.5 focus:outline-none data-highlighted:bg-amber-50 data-highlighted:ring-2 data-highlighted:ring-amber-400"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900" title={connection.handle}>
          {connection.handle}
        </p>
        <p className="text-xs text-slate-500">
          {host ? `${host} · ` : ''}connected {new Date(connection.connectedAt).toLocaleDateString()}
        </p>
        {connection.lastError ? <p className="mt-1 break-words text-xs text-amber-800">{connection.lastError}</p> : null}
      </div>
      <ConnectionStatusBadge status={connection.status} demo={connection.demo} />
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {reconnect && 'href' in reconnect ? (
            <Button asChild size="sm">
              <a ref={keepReconnectButton} href={reconnect.href} aria-label={reconnectLabel}>
                Reconnect
              </a>
            </Button>
          ) : reconnect ? (
            <Button ref={keepReconnectButton} size="sm" onClick={reconnect.open} aria-label={reconnectLabel}>
              Reconnect
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={actions.refresh} disabled={refreshing} aria-label={`Refresh ${connection.handle}`}>
            <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden /> {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
          <Button size="sm" variant="ghost" onClick={actions.remove} aria-label={`Remove ${connection.handle}`}>
            <Trash2 className="size-4" aria-hidden /> Remove
          </Button>
        </div>
      ) : null}
    </li>
  );
}
