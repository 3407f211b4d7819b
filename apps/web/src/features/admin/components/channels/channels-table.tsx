import { Link } from 'react-router';
import { SOCIAL_PROVIDER_LABELS, type TAdminChannel } from '@hookline/shared';
import { ConnectionStatusBadge } from '@/components/connection-status-badge';
import { Table, TBody, Td, Th, THead } from '@/components/ui/table';
import { instanceHost } from '@/lib/channel-host';
import { ProviderIcon } from '@/components/provider-icon';
import { formatDateTime, formatExpiry } from '../../format';
import { useBackState } from '../shared/back-link';

const clientPath = (channel: TAdminChannel) => `/admin/clients/${encodeURIComponent(channel.workspaceId)}`;

/**
 * Channels across clients: a table on wide screens, a list of cards on a phone (each rendered for
 * its own width only, so a screen reader meets one of them). `now` (ms) is when token expiry is told from.
 */
export function ChannelsTable({ channels, now }: { channels: TAdminChannel[]; now: number }) {
  const backState = useBackState();
  const client = (channel: TAdminChannel) => (
    <Link state={backState} to={clientPath(channel)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
      {channel.workspaceName}
    </Link>
  );
  return (
    <>
      <Table caption="Channels" className="max-md:hidden" minWidth="min-w-[52rem]">
        <THead>
          <tr>
            <Th>Client</Th>
            <Th>Channel</Th>
            <Th>Status</Th>
            <Th>Last error</Th>
            <Th>Access token</Th>
          </tr>
        </THead>
        <TBody>
          {channels.map((channel) => (
            <tr key={channel.id} className="hover:bg-slate-50/70">
              <Td className="min-w-40">{client(channel)}</Td>
              <Td className="min-w-48">
                <ChannelName channel={channel} />
              </Td>
              <Td className="whitespace-nowrap">
                <ConnectionStatusBadge status={channel.status} demo={channel.demo} />
              </Td>
              <Td className="min-w-44 break-words text-xs text-amber-800">{channel.lastError}</Td>
              <Td className="min-w-32 text-slate-600">
                <Expiry channel={channel} now={now} />
              </Td>
            </tr>
          ))}
        </TBody>
      </Table>
      <ul aria-label="Channels" className="grid gap-3 md:hidden">
        {channels.map((channel) => (
          <li key={channel.id} className="grid gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-2">
              {client(channel)}
              <ConnectionStatusBadge status={channel.status} demo={channel.demo} />
            </div>
            <ChannelName channel={channel} />
            {channel.lastError ? <p className="break-words text-xs text-amber-800">{channel.lastError}</p> : null}
            <p className="text-xs text-slate-600">
              <Expiry channel={channel} now={now} />
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function ChannelName({ channel }: { channel: TAdminChannel }) {
  const host = instanceHost(channel.instanceUrl);
  const label = SOCIAL_PROVIDER_LABELS[channel.provider];
  return (
    <span className="flex min-w-0 items-center gap-2">
      <ProviderIcon provider={channel.provider} className="size-6" />
      <span className="min-w-0">
        <span className="block truncate text-slate-900" title={channel.handle}>
          {channel.handle}
        </span>
        <span className="block text-xs text-slate-500">{host ? `${label} · ${host}` : label}</span>
      </span>
    </span>
  );
}

function Expiry({ channel, now }: { channel: TAdminChannel; now: number }) {
  if (!channel.expiresAt) return <>Token does not expire</>;
  return (
    <time dateTime={channel.expiresAt} title={formatDateTime(channel.expiresAt)}>
      Token {formatExpiry(channel.expiresAt, now)}
    </time>
  );
}
