import type { ReactNode } from 'react';
import type { MutationStatus } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** 'Saving…', 'Saved' or 'Not saved' for a field saved on blur, announced politely; `idle` until the first save. */
export function SaveStatus({ status, idle }: { status: MutationStatus; idle?: ReactNode }) {
  return (
    <span aria-live="polite" className={cn(status === 'error' && 'text-red-700')}>
      {status === 'pending' ? 'Saving…' : null}
      {status === 'success' ? (
        <span className="inline-flex items-center gap-1 text-emerald-700">
          <Check className="size-3.5" aria-hidden /> Saved
        </span>
      ) : null}
      {status === 'error' ? 'Not saved' : null}
      {status === 'idle' ? idle : null}
    </span>
  );
}
