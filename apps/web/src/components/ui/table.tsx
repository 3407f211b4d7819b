import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A data table in a white card that scrolls sideways on narrow screens. The caption names the
 * table for screen readers (visually hidden unless captionVisible). relative: visually hidden texts
 * inside (absolutely placed) stay in the scroll box instead of widening the page.
 */
export function Table({
  caption,
  captionVisible = false,
  className,
  children,
  minWidth = 'min-w-[40rem]',
}: {
  caption: ReactNode;
  captionVisible?: boolean;
  className?: string;
  children: ReactNode;
  minWidth?: string;
}) {
  const [box, scrolls] = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={box}
      // A box that scrolls must be reachable by keyboard (arrow keys scroll it), named like its table.
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': typeof caption === 'string' ? caption : undefined } : {})}
      className={cn(
        'relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500',
        className,
      )}
    >
      <table className={cn('w-full border-collapse text-left text-sm', minWidth)}>
        <caption className={captionVisible ? 'px-4 pt-4 text-left text-sm font-semibold text-slate-900' : 'sr-only'}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** True while the element is narrower than its content. */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn('border-b border-slate-200 bg-slate-50/80 text-xs uppercase tracking-wide text-slate-500', className)}
      {...props}
    />
  );
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('whitespace-nowrap px-4 py-3 font-semibold', className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', className)} {...props} />;
}

/** A full-width row for the empty or error state of a table. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}
