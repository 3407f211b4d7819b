import { CLIP_DURATION, NUM_CLIPS } from '@hookline/shared';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

export interface ClipSettingsValue {
  clipDuration: number;
  numClips: number;
  addSubtitles: boolean;
}

export const DEFAULT_CLIP_SETTINGS: ClipSettingsValue = {
  clipDuration: CLIP_DURATION.default,
  numClips: NUM_CLIPS.default,
  addSubtitles: true,
};

const CLIP_COUNTS = Array.from({ length: NUM_CLIPS.max - NUM_CLIPS.min + 1 }, (_, i) => NUM_CLIPS.min + i);

/** Clip duration (15-90 s, step 5), number of clips (1-5) and subtitles on or off. */
export function ClipSettings({ value, onChange }: { value: ClipSettingsValue; onChange: (value: ClipSettingsValue) => void }) {
  const id = useId();
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-medium text-slate-700">Settings</legend>
      <div>
        <div className="flex items-baseline justify-between">
          <Label htmlFor={`${id}-duration`}>Clip duration</Label>
          <output htmlFor={`${id}-duration`} className="text-sm font-semibold tabular-nums text-slate-900">
            {value.clipDuration}s
          </output>
        </div>
        <input
          id={`${id}-duration`}
          type="range"
          min={CLIP_DURATION.min}
          max={CLIP_DURATION.max}
          step={CLIP_DURATION.step}
          value={value.clipDuration}
          aria-valuetext={`${value.clipDuration} seconds`}
          onChange={(event) => onChange({ ...value, clipDuration: Number(event.target.value) })}
          className="w-full accent-brand-600"
        />
        <div className="flex justify-between text-xs text-slate-500" aria-hidden>
          <span>{CLIP_DURATION.min}s</span>
          <span>{CLIP_DURATION.max}s</span>
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-count`}>Number of clips</Label>
        <Select
          id={`${id}-count`}
          className="w-full"
          value={value.numClips}
          onChange={(event) => onChange({ ...value, numClips: Number(event.target.value) })}
        >
          {CLIP_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Select>
      </div>
      <Checkbox
        className="sm:col-span-2"
        label="Add subtitles"
        hint="Burns captions from the transcript into each clip."
        checked={value.addSubtitles}
        onChange={(event) => onChange({ ...value, addSubtitles: event.target.checked })}
      />
    </fieldset>
  );
}
