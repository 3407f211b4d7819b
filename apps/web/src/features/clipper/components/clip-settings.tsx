import {
  ASPECT_RATIO_LABELS,
  ASPECT_RATIOS,
  CAPTION_STYLE_LABELS,
  CAPTION_STYLES,
  CLIP_DURATION,
  DEFAULT_PAGE_ASPECT_RATIO,
  LOOK_FOR_MAX_CHARS,
  NO_FACE_FRAMING_LABELS,
  NO_FACE_FRAMINGS,
  NUM_CLIPS,
  type TAspectRatio,
  type TCaptionStyle,
  type TNoFaceFraming,
} from '@hookline/shared';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import type { ClipSettings as ClipSettingsValue } from '../api/start-clip-job';
import { ChoiceCards, type Choice } from './choice-cards';

export const DEFAULT_CLIP_SETTINGS: ClipSettingsValue = {
  clipDuration: CLIP_DURATION.default,
  numClips: NUM_CLIPS.default,
  addSubtitles: true,
  aspectRatio: DEFAULT_PAGE_ASPECT_RATIO,
  noFaceFraming: NO_FACE_FRAMINGS[0],
  captionStyle: CAPTION_STYLES[0],
  lookFor: '',
};

const CLIP_COUNTS = Array.from({ length: NUM_CLIPS.max - NUM_CLIPS.min + 1 }, (_, i) => NUM_CLIPS.min + i);

/** Each frame drawn as a small outline of its shape. */
const FRAME_SHAPES: Record<TAspectRatio, string> = { original: 'h-3 w-5', '9:16': 'h-5 w-3', '1:1': 'size-4', '4:5': 'h-5 w-4' };

const FRAMES: readonly Choice<TAspectRatio>[] = ASPECT_RATIOS.map((ratio) => ({
  value: ratio,
  label: ASPECT_RATIO_LABELS[ratio],
  icon: (
    <span className="flex size-5 items-center justify-center" aria-hidden>
      <span className={cn('rounded-[3px] border-2 border-current', FRAME_SHAPES[ratio])} />
    </span>
  ),
}));

/**
 * Clip duration (15-90 s, step 5), number of clips (1-5), the clips' frame (and, when reframed, what
 * to show where no face is found), subtitles and their style, and what to look for. Settings that
 * would change nothing (framing for the source's own frame, a style without subtitles) are left out.
 */
export function ClipSettings({ value, onChange }: { value: ClipSettingsValue; onChange: (value: ClipSettingsValue) => void }) {
  const id = useId();
  const change = (patch: Partial<ClipSettingsValue>) => onChange({ ...value, ...patch });
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
          onChange={(event) => change({ clipDuration: Number(event.target.value) })}
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
          onChange={(event) => change({ numClips: Number(event.target.value) })}
        >
          {CLIP_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Select>
      </div>

      <div className="sm:col-span-2">
        <ChoiceCards
          legend="Aspect ratio"
          choices={FRAMES}
          value={value.aspectRatio}
          onChange={(aspectRatio) => change({ aspectRatio })}
          className="grid-cols-2 lg:grid-cols-4"
          compact
        />
        <p className="mt-2 text-xs text-slate-500">Reframed clips are cropped to follow the main face.</p>
      </div>
      {value.aspectRatio === 'original' ? null : (
        <div>
          <Label htmlFor={`${id}-framing`}>When no face is found</Label>
          <Select
            id={`${id}-framing`}
            className="w-full"
            value={value.noFaceFraming}
            onChange={(event) => change({ noFaceFraming: event.target.value as TNoFaceFraming })}
          >
            {NO_FACE_FRAMINGS.map((framing) => (
              <option key={framing} value={framing}>
                {NO_FACE_FRAMING_LABELS[framing]}
              </option>
            ))}
          </Select>
        </div>
      )}

      <Checkbox
        className="sm:col-span-2"
        label="Add subtitles"
        hint="Burns word-by-word captions from the transcript into each clip."
        checked={value.addSubtitles}
        onChange={(event) => change({ addSubtitles: event.target.checked })}
      />
      {value.addSubtitles ? (
        <div>
          <Label htmlFor={`${id}-caption-style`}>Caption style</Label>
          <Select
            id={`${id}-caption-style`}
            className="w-full"
            value={value.captionStyle}
            onChange={(event) => change({ captionStyle: event.target.value as TCaptionStyle })}
          >
            {CAPTION_STYLES.map((style) => (
              <option key={style} value={style}>
                {CAPTION_STYLE_LABELS[style]}
              </option>
            ))}
          </Select>
        </div>
      ) : null}

      <div className="sm:col-span-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={`${id}-look-for`}>
            What to look for <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <span className="text-xs tabular-nums text-slate-500" aria-hidden>
            {value.lookFor.length}/{LOOK_FOR_MAX_CHARS}
          </span>
        </div>
        <Input
          id={`${id}-look-for`}
          type="text"
          autoComplete="off"
          maxLength={LOOK_FOR_MAX_CHARS}
          placeholder="Moments about pricing, funny bits"
          aria-describedby={`${id}-look-for-hint`}
          value={value.lookFor}
          onChange={(event) => change({ lookFor: event.target.value })}
        />
        <p id={`${id}-look-for-hint`} className="mt-1 text-xs text-slate-500">
          With the AI assistant set up, this steers which moments are chosen; otherwise its words are matched in the transcript.
        </p>
      </div>
    </fieldset>
  );
}
