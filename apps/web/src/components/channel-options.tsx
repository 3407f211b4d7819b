import { DRAFT_CHANNELS } from '@hookline/shared';
import { CHANNEL_LABELS } from '@/lib/channel-labels';

/** The `<option>`s of a channel `<Select>`: every channel, by its display name. */
export function ChannelOptions() {
  return DRAFT_CHANNELS.map((channel) => (
    <option key={channel} value={channel}>
      {CHANNEL_LABELS[channel]}
    </option>
  ));
}
