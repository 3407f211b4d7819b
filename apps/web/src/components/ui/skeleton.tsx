import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder block that pulses while content loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'span'>) {
  return <span aria-hidden className={cn('block animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}
