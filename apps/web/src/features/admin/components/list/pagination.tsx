import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZES } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';

/**
 * Prev/Next with 'Page {n}' and a rows-per-page select. Prev is off on page 1; Next is off
 * when the page came back short or page*size reaches the total.
 */
export function Pagination({
  page,
  pageSize,
  total,
  rowCount,
  onPage,
  onPageSize,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  rowCount: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  label: string;
}) {
  const id = useId();
  const lastPage = rowCount < pageSize || page * pageSize >= total;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2 text-sm text-slate-600">
        <label htmlFor={id}>Rows per page</label>
        <Select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} className="w-20">
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft className="size-4" aria-hidden /> Prev
        </Button>
        <span className="min-w-16 text-center text-sm font-medium text-slate-700" aria-live="polite">
          Page {page}
        </span>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={lastPage}>
          Next <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
