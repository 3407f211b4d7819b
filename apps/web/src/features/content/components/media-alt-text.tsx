import { useId } from 'react';
import { Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { DraftField } from '../hooks/use-draft-field';
import { SaveStatus } from './save-status';

/** The longest media description the server takes. */
export const ALT_TEXT_MAX = 1500;

/** The attached media's description for people who cannot see it, saved on blur like the text. */
export function MediaAltText({ field, readOnly }: { field: DraftField; readOnly: boolean }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="px-4 pt-3">
      <Label htmlFor={id} className="mb-0.5">
        Describe this media (alt text)
      </Label>
      <p id={hintId} className="mb-1.5 text-xs text-slate-500">
        Read out to people who cannot see it, on the networks that take a description.
      </p>
      <Textarea
        id={id}
        value={field.value}
        onChange={(event) => field.change(event.target.value)}
        onBlur={field.save}
        readOnly={readOnly}
        maxLength={ALT_TEXT_MAX}
        rows={2}
        aria-describedby={hintId}
        className={cn('min-h-16 resize-y', readOnly && 'bg-slate-50 text-slate-700 focus:ring-0')}
      />
      <div className="mt-1.5 flex items-center justify-between gap-2 text-xs text-slate-500">
        <SaveStatus status={field.status} />
        <span className="tabular-nums">
          {field.value.length.toLocaleString()} / {ALT_TEXT_MAX.toLocaleString()}
        </span>
      </div>
    </div>
  );
}
