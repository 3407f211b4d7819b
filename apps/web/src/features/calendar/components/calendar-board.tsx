import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TCalendarPost } from '@hookline/shared';
import { cn } from '@/lib/cn';
import { formatDayKey, formatterFor } from '@/lib/zoned-time';
import { canMove, dropTarget, placePosts, type CalendarView, type PlacedPost } from '../calendar-days';
import { DropZone } from './drop-zone';
import { PostChip } from './post-chip';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** The hour the week view opens scrolled to: the working day, not midnight. */
const FIRST_SHOWN_HOUR = 7;

export interface CalendarBoardProps<T extends TCalendarPost> {
  view: CalendarView;
  /** The shown days, as day keys: one week, or the six weeks around the anchor's month. */
  days: string[];
  /** The anchor day (its month is the one a month view shows in full). */
  anchor: string;
  today: string;
  posts: T[];
  timeZone: string;
  /** The client a post belongs to, named on its chip (the console's calendar). */
  ownerOf?: (post: T) => string;
  onOpen: (post: T) => void;
  /** Moves a post to a wall-clock time in timeZone; without it nothing can be dragged. */
  onMove?: (post: T, local: string) => void;
}

const dayName = (day: string) => formatDayKey(day, { weekday: 'long', month: 'long', day: 'numeric' });
const hourLabel = (hour: number) => formatterFor('UTC', { hour: 'numeric' }).format(new Date(Date.UTC(2000, 0, 1, hour)));

/**
 * The posts of the shown days, in the zone: a week of hour slots or a month of days. On narrow
 * screens both become a list of days (the week's every day, the month's days with posts).
 */
export function CalendarBoard<T extends TCalendarPost>(props: CalendarBoardProps<T>) {
  const { view, days, posts, timeZone, onMove } = props;
  const [dragged, setDragged] = useState<PlacedPost<T> | null>(null);
  const byDay = placePosts(posts, timeZone);
  const drop = (day: string, hour?: number) => {
    if (!dragged || !onMove) return;
    const local = dropTarget(dragged.local, day, hour);
    setDragged(null);
    if (local !== dragged.local) onMove(dragged.post, local);
  };
  const chip = (placed: PlacedPost<T>) => (
    <li key={placed.post.id}>
      <PostChip
        placed={placed}
        timeZone={timeZone}
        owner={props.ownerOf?.(placed.post)}
        draggable={onMove !== undefined && canMove(placed.post)}
        onOpen={props.onOpen}
        onDragStart={setDragged}
        onDragEnd={() => setDragged(null)}
      />
    </li>
  );
  const shown = days.some((day) => byDay.has(day));
  const grid = { ...props, byDay, accepting: dragged !== null, drop, chip };
  return (
    <>
      {view === 'week' ? <WeekGrid {...grid} /> : <MonthGrid {...grid} />}
      {shown ? null : <p className="mt-3 text-sm text-slate-500 md:hidden">No posts {view === 'week' ? 'this week' : 'this month'}.</p>}
    </>
  );
}

interface GridProps<T extends TCalendarPost> extends CalendarBoardProps<T> {
  byDay: Map<string, PlacedPost<T>[]>;
  accepting: boolean;
  drop: (day: string, hour?: number) => void;
  chip: (placed: PlacedPost<T>) => ReactNode;
}

/**
 * Seven days of 24 hour slots. The DOM goes day by day (what a screen reader and the narrow layout
 * read); on wide screens each day's wrapper steps aside (display: contents) and its heading and slots
 * take their row and column of one grid, so the hours line up across the days.
 */
function WeekGrid<T extends TCalendarPost>({ days, today, byDay, accepting, drop, chip }: GridProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const corner = useRef<HTMLDivElement>(null);
  const firstHour = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current && corner.current && firstHour.current) {
      scroller.current.scrollTop = firstHour.current.offsetTop - corner.current.offsetHeight;
    }
  }, []);
  return (
    <div
      ref={scroller}
      className="md:relative md:max-h-[70vh] md:overflow-y-auto md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-slate-200"
    >
      <div className="md:grid md:grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
        {/* Covers the hour labels that scroll under the sticky day headings. */}
        <div
          ref={corner}
          aria-hidden
          style={{ gridColumn: 1, gridRow: 1 }}
          className="hidden bg-white md:sticky md:top-0 md:z-10 md:block"
        />
        {HOURS.map((hour) => (
          <div
            key={hour}
            ref={hour === FIRST_SHOWN_HOUR ? firstHour : undefined}
            aria-hidden
            style={{ gridColumn: 1, gridRow: hour + 2 }}
            className="hidden border-t border-slate-100 pr-2 pt-1 text-right text-xs text-slate-500 md:block"
          >
            {hourLabel(hour)}
          </div>
        ))}
        {days.map((day, column) => {
          const posts = byDay.get(day) ?? [];
          return (
            <section key={day} aria-label={dayName(day)} className="mb-4 md:contents">
              <h3
                style={{ gridColumn: column + 2, gridRow: 1 }}
                className={cn(
                  'mb-2 text-sm font-semibold text-slate-900 md:sticky md:top-0 md:z-10 md:mb-0 md:border-b md:border-l md:border-slate-200 md:bg-white md:px-2 md:py-2 md:text-center md:text-xs',
                  day === today && 'text-brand-700',
                )}
              >
                {formatDayKey(day, { weekday: 'short', month: 'short', day: 'numeric' })}
                {day === today ? <span className="ml-1 font-normal">(today)</span> : null}
              </h3>
              {HOURS.map((hour) => {
                const here = posts.filter((placed) => placed.hour === hour);
                return (
                  <DropZone
                    key={hour}
                    data-slot={`${day}T${String(hour).padStart(2, '0')}`}
                    accepting={accepting}
                    onDrop={() => drop(day, hour)}
                    style={{ gridColumn: column + 2, gridRow: hour + 2 }}
                    className={cn('md:min-h-12 md:border-l md:border-t md:border-slate-100 md:p-1', here.length === 0 && 'max-md:hidden')}
                  >
                    {here.length ? <ul className="grid grid-cols-1 gap-1 max-md:mb-1">{here.map(chip)}</ul> : null}
                  </DropZone>
                );
              })}
              {posts.length === 0 ? <p className="text-sm text-slate-500 md:hidden">No posts</p> : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** Six weeks of days, Monday first; the days outside the anchor's month are dimmed. */
function MonthGrid<T extends TCalendarPost>({ days, anchor, today, byDay, accepting, drop, chip }: GridProps<T>) {
  const month = anchor.slice(0, 7);
  return (
    <div className="md:grid md:grid-cols-7 md:overflow-hidden md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-slate-200">
      {days.slice(0, 7).map((day) => (
        <div
          key={day}
          aria-hidden
          className="hidden border-b border-slate-200 py-2 text-center text-xs font-semibold text-slate-600 md:block"
        >
          {formatDayKey(day, { weekday: 'short' })}
        </div>
      ))}
      {days.map((day) => {
        const posts = byDay.get(day) ?? [];
        const outside = day.slice(0, 7) !== month;
        return (
          <DropZone
            key={day}
            data-slot={day}
            accepting={accepting}
            onDrop={() => drop(day)}
            className={cn(
              'mb-4 md:mb-0 md:min-h-28 md:border-l md:border-t md:border-slate-100 md:p-1.5 md:[&:nth-child(7n+1)]:border-l-0',
              outside && 'md:bg-slate-50',
              posts.length === 0 && 'max-md:hidden',
            )}
          >
            <section aria-label={dayName(day)}>
              <h3 className={cn('mb-1 text-sm font-semibold md:text-xs', outside ? 'text-slate-500' : 'text-slate-900')}>
                <span className="md:hidden">{dayName(day)}</span>
                <span
                  className={cn(
                    'hidden md:inline-flex md:size-6 md:items-center md:justify-center',
                    day === today && 'rounded-full bg-brand-600 text-white',
                  )}
                >
                  {Number(day.slice(8))}
                </span>
                {day === today ? <span className="max-md:font-normal md:sr-only"> (today)</span> : null}
              </h3>
              {posts.length ? <ul className="grid grid-cols-1 gap-1">{posts.map(chip)}</ul> : null}
            </section>
          </DropZone>
        );
      })}
    </div>
  );
}
