import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SegmentedControl, type SegmentOption } from '@/components/ui/segmented-control';
import type { CalendarView } from '../calendar-days';
import type { CalendarNavigation } from '../use-calendar-navigation';

const VIEWS: SegmentOption<CalendarView>[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** Previous / Today / Next, the shown period and the Week/Month switch; below them the filters (children). */
export function CalendarToolbar({ navigation, children }: { navigation: CalendarNavigation; children?: ReactNode }) {
  const unit = navigation.view === 'week' ? 'week' : 'month';
  return (
    <div className="mb-4 grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" onClick={navigation.previous} aria-label={`Previous ${unit}`}>
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <Button variant="secondary" size="sm" onClick={navigation.goToday}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={navigation.next} aria-label={`Next ${unit}`}>
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
        {/* Announced when it changes, so a screen reader hears where Previous and Next went. */}
        <h2 aria-live="polite" className="mr-auto text-lg font-semibold text-slate-900">
          {navigation.title}
        </h2>
        <SegmentedControl label="View" options={VIEWS} value={navigation.view} onChange={navigation.setView} />
      </div>
      {children ? <div className="flex flex-wrap items-end gap-3">{children}</div> : null}
    </div>
  );
}
