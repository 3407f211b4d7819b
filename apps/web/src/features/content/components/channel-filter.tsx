import { DRAFT_CHANNELS, type TDraftChannel } from '@hookline/shared';
import { SegmentedControl, type SegmentOption } from '@/components/ui/segmented-control';
import { CHANNEL_LABELS } from '@/lib/channel-labels';

export type ChannelFilterValue = TDraftChannel | 'all';

const OPTIONS: SegmentOption<ChannelFilterValue>[] = [
  { value: 'all', label: 'All' },
  ...DRAFT_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];

/** The Content page's channel filter: all / instagram / twitter / youtube / linkedin. */
export function ChannelFilter({ value, onChange }: { value: ChannelFilterValue; onChange: (value: ChannelFilterValue) => void }) {
  return <SegmentedControl label="Channel" options={OPTIONS} value={value} onChange={onChange} />;
}

/** The ?channel= value when it names a channel, else all. */
export function parseChannel(value: string | null): ChannelFilterValue {
  return DRAFT_CHANNELS.find((channel) => channel === value) ?? 'all';
}
