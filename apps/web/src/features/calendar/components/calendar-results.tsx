import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * What a calendar read came to: its error with Try again, a note when posts were left out (and
 * what narrows the view), the loading line, else the board it wraps.
 */
export function CalendarResults({
  calendar,
  shown,
  narrowBy,
  children,
}: {
  calendar: UseQueryResult<{ truncated: boolean }>;
  /** How many posts the board shows. */
  shown: number;
  /** "a channel", "a client, a channel": what the note suggests choosing. */
  narrowBy: string;
  children: ReactNode;
}) {
  return (
    <>
      {calendar.isError ? (
        <Alert tone="error" className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <span>Could not load the calendar: {calendar.error.message}</span>
          <Button size="sm" variant="secondary" onClick={() => void calendar.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {calendar.data?.truncated ? (
        <Alert tone="warning" className="mb-4">
          Only the first {shown} posts are shown. Choose {narrowBy} or the week view to see the rest.
        </Alert>
      ) : null}
      {calendar.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading the calendar…
        </p>
      ) : (
        children
      )}
    </>
  );
}
