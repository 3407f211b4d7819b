import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TAdminChannel } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Checkbox } from '@/components/ui/checkbox';
import { SkeletonLines } from '@/components/ui/section-card';
import { useChannels } from '../api/list-channels';
import { ChannelsTable } from '../components/channels/channels-table';
import { PageHeader } from '../components/shared/page-header';
import { formatCount } from '../format';

/** A channel that cannot publish until someone reconnects it (the server lists these first too). */
const needsAttention = (channel: TAdminChannel) => channel.status !== 'connected';

/**
 * Channel health across the clients this staff member sees (a manager: their assigned ones), those
 * needing attention first; "Needs attention only" (in the address) leaves out the healthy ones.
 */
export default function ChannelsPage() {
  const channels = useChannels();
  const [params, setParams] = useSearchParams();
  const attentionOnly = params.get('attention') === '1';
  // Token expiry is told from when the page opened (render stays pure).
  const [now] = useState(() => Date.now());

  const all = channels.data?.channels ?? [];
  const attentionCount = all.filter(needsAttention).length;
  // A stable sort: within each group, the server's order by client and network stays.
  const shown = all
    .filter((channel) => !attentionOnly || needsAttention(channel))
    .sort((a, b) => Number(needsAttention(b)) - Number(needsAttention(a)));

  const setAttentionOnly = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('attention', '1');
        else next.delete('attention');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Channels" subtitle="The connected channels of your clients, those that need reconnecting first." />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Checkbox label="Needs attention only" checked={attentionOnly} onChange={(event) => setAttentionOnly(event.target.checked)} />
        <p className="ml-auto text-sm text-slate-500" aria-live="polite">
          {channels.isSuccess
            ? `${formatCount(all.length)} ${all.length === 1 ? 'channel' : 'channels'}, ${formatCount(attentionCount)} ${attentionCount === 1 ? 'needs' : 'need'} attention`
            : null}
        </p>
      </div>
      {channels.isPending ? (
        <div role="status" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <span className="sr-only">Loading channels…</span>
          <SkeletonLines count={5} />
        </div>
      ) : channels.isError ? (
        <Alert tone="error">API error: {channels.error.message}</Alert>
      ) : shown.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
          {all.length === 0 ? 'No client has connected a channel yet.' : 'No channel needs attention right now.'}
        </p>
      ) : (
        <ChannelsTable channels={shown} now={now} />
      )}
    </div>
  );
}
