import { useSearchParams } from 'react-router';
import { zonedDayKey } from '@/lib/zoned-time';
import { fetchRange, shiftAnchor, viewTitle, visibleDays, type CalendarView } from './calendar-days';

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The view (?view=week|month, month by default) and the day it shows (?date=YYYY-MM-DD, today in
 * the zone by default), kept in the address so that a reload or a shared link shows the same weeks.
 */
export function useCalendarNavigation(timeZone: string) {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const today = zonedDayKey(new Date(), timeZone);
  const date = params.get('date');
  const anchor = date && DAY_KEY.test(date) && !Number.isNaN(Date.parse(date)) ? date : today;
  const days = visibleDays(view, anchor);

  const go = (next: { view?: CalendarView; date?: string }) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        search.set('view', next.view ?? view);
        search.set('date', next.date ?? anchor);
        return search;
      },
      { replace: true },
    );

  return {
    view,
    anchor,
    today,
    days,
    range: fetchRange(days),
    title: viewTitle(view, anchor, days),
    setView: (next: CalendarView) => go({ view: next }),
    previous: () => go({ date: shiftAnchor(view, anchor, -1) }),
    next: () => go({ date: shiftAnchor(view, anchor, 1) }),
    goToday: () => go({ date: today }),
  };
}

export type CalendarNavigation = ReturnType<typeof useCalendarNavigation>;
