import { Table, TBody, Td, Th, THead } from '@/components/ui/table';
import { CHANNEL_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import type { ChannelShare } from '../compute-analytics';
import { CHANNEL_COLORS } from '../labels';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

/** Analytics' channel breakdown: posts per channel and their share of the period. */
export function ChannelTable({ channels }: { channels: ChannelShare[] }) {
  return (
    <Table caption="Posts per channel, last 30 days" className="shadow-none ring-slate-100" minWidth="min-w-[18rem]">
      <THead>
        <tr>
          <Th>Channel</Th>
          <Th className="text-right">Posts</Th>
          <Th className="w-2/5">Share</Th>
        </tr>
      </THead>
      <TBody>
        {channels.map(({ channel, posts, share }) => (
          <tr key={channel}>
            <Td className="whitespace-nowrap font-medium text-slate-900">
              <span className="inline-flex items-center gap-2">
                <span className={cn('size-2 rounded-full', CHANNEL_COLORS[channel])} aria-hidden />
                {CHANNEL_LABELS[channel]}
              </span>
            </Td>
            <Td className="text-right tabular-nums">{posts}</Td>
            <Td>
              <span className="flex items-center gap-2">
                <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <span className={cn('block h-full rounded-full', CHANNEL_COLORS[channel])} style={{ width: `${share * 100}%` }} />
                </span>
                <span className="w-10 text-right text-xs tabular-nums text-slate-600">{percent.format(share)}</span>
              </span>
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
