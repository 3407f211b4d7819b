import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { SortDir } from '../../hooks/list-state';

/** A column header that sorts the list; the sorted column carries aria-sort. */
export function SortableHeader<S extends string>({
  column,
  label,
  sortBy,
  sortDir,
  onSort,
  className,
}: {
  column: S;
  label: string;
  sortBy: S;
  sortDir: SortDir;
  onSort: (column: S) => void;
  className?: string;
}) {
  const active = column === sortBy;
  const Icon = !active ? ChevronsUpDown : sortDir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Th aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined} className={className}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          '-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 uppercase tracking-wide hover:bg-slate-100 hover:text-slate-900',
          active && 'text-slate-900',
        )}
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'text-slate-400')} aria-hidden />
      </button>
    </Th>
  );
}
