import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  error: 'bg-red-50 text-red-800 ring-red-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  info: 'bg-brand-50 text-brand-900 ring-brand-200',
} as const;

/** An inline message; errors are announced to screen readers at once. */
export function Alert({ tone = 'info', children, className }: { tone?: keyof typeof TONES; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg px-3 py-2 text-sm ring-1', TONES[tone], className)}>
      {children}
    </div>
  );
}
