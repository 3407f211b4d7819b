import { ONBOARDING_CHANNELS, type TOnboardingChannel } from '@hookline/shared';
import { cn } from '@/lib/cn';

/** The seven onboarding channels as checkbox chips (onboarding wizard and the console's editor). */
export function ChannelPicker({
  legend,
  value,
  onChange,
  className,
}: {
  legend: string;
  value: TOnboardingChannel[];
  onChange: (channels: TOnboardingChannel[]) => void;
  className?: string;
}) {
  const toggle = (channel: TOnboardingChannel) =>
    onChange(value.includes(channel) ? value.filter((c) => c !== channel) : [...value, channel]);
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {ONBOARDING_CHANNELS.map((channel) => {
          const checked = value.includes(channel);
          return (
            <label
              key={channel}
              className={cn(
                'cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                checked ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input type="checkbox" className="sr-only" checked={checked} onChange={() => toggle(channel)} />
              {channel}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
