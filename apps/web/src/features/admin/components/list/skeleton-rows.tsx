import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder table rows while a list loads (5 for clients, 6 for requests). */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} data-testid="skeleton-row" aria-hidden>
          {Array.from({ length: columns }, (_, col) => (
            <td key={col} className="px-4 py-3.5">
              <Skeleton className={col === 0 ? 'h-4 w-32' : 'h-4 w-20'} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
