import { useId } from 'react';
import { DRAFT_CHANNELS, type TDraftChannel } from '@hookline/shared';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ChannelOptions } from '@/components/channel-options';

/** The ?channel= value when it names a channel, else undefined (all channels). */
export const channelParam = (value: string | null): TDraftChannel | undefined => DRAFT_CHANNELS.find((channel) => channel === value);

/** A labelled select of one channel or all of them. */
export function ChannelSelect({
  value,
  onChange,
}: {
  value: TDraftChannel | undefined;
  onChange: (value: TDraftChannel | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Channel</Label>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(channelParam(event.target.value))}>
        <option value="">All channels</option>
        <ChannelOptions />
      </Select>
    </div>
  );
}
