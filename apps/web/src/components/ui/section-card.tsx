import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** A white card whose h2 names its region, with optional actions on the right. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  className,
  headingId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** A fixed id for the heading, when something else points at it. */
  headingId?: string;
}) {
  const autoId = useId();
  const id = headingId ?? autoId;
  return (
    <Card className={cn('min-w-0 p-5 sm:p-6', className)}>
      <section aria-labelledby={id}>
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={id} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}

export function SkeletonLines({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-3" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-5 w-full" />
      ))}
    </div>
  );
}
