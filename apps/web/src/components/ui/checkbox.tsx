import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A native checkbox with its label (and optional hint) wrapped around it. */
export function Checkbox({
  label,
  hint,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; hint?: ReactNode }) {
  return (
    <label className={cn('flex cursor-pointer items-start gap-3 text-sm', props.disabled && 'cursor-not-allowed opacity-70', className)}>
      <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600" {...props} />
      <span>
        <span className="font-medium text-slate-800">{label}</span>
        {hint ? <span className="mt-0.5 block text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}
