import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  brand: 'bg-brand-100 text-brand-800',
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-100 text-emerald-800',
  warning: 'bg-amber-100 text-amber-900',
  gold: 'bg-amber-400 text-amber-950',
  danger: 'bg-red-100 text-red-800',
} as const;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone], className)}
      {...props}
    />
  );
}
