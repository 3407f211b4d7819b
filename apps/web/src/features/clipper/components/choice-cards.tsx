import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon?: ReactNode;
}

/**
 * Radio buttons drawn as cards under a visible legend. The native radios stay in the page (visually
 * hidden), so Tab reaches the group and the arrow keys move the choice; the card shows focus.
 */
export function ChoiceCards<T extends string>({
  legend,
  choices,
  value,
  onChange,
  className,
  compact = false,
}: {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The grid of cards: its columns at each width. */
  className?: string;
  /** Icon above a short label (many choices in a row), instead of beside a title and description. */
  compact?: boolean;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cn('grid gap-3', className)}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          const descriptionId = `${id}-${choice.value}`;
          return (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer rounded-xl ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70',
                compact ? 'flex-col items-start gap-2 p-3' : 'items-start gap-3 p-4',
                checked ? 'bg-brand-50 ring-2 ring-brand-500' : 'bg-white ring-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={`${id}-choice`}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                aria-label={choice.label}
                aria-describedby={choice.description ? descriptionId : undefined}
                className="sr-only"
              />
              {choice.icon ? (
                <span className={cn('rounded-lg p-2', checked ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600')}>
                  {choice.icon}
                </span>
              ) : null}
              <span>
                <span className="block text-sm font-semibold text-slate-900">{choice.label}</span>
                {choice.description ? (
                  <span id={descriptionId} className="mt-0.5 block text-xs text-slate-600">
                    {choice.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
