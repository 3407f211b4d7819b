import type { DragEvent } from 'react';
import type { TCalendarPost } from '@hookline/shared';
import { CHANNEL_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import { formatterFor } from '@/lib/zoned-time';
import { STATUS_CHIP_CLASSES, STATUS_LABELS } from '../status-styles';
import { firstWords, type PlacedPost } from '../calendar-days';

/**
 * One post on the calendar: time, status in words, channel (and client, in the console), first
 * words. A button: click or Enter opens its details. A movable post can also be dragged.
 */
export function PostChip<T extends TCalendarPost>({
  placed,
  timeZone,
  owner,
  draggable,
  onOpen,
  onDragStart,
  onDragEnd,
}: {
  placed: PlacedPost<T>;
  timeZone: string;
  owner?: string;
  draggable: boolean;
  onOpen: (post: T) => void;
  onDragStart: (placed: PlacedPost<T>) => void;
  onDragEnd: () => void;
}) {
  const { post } = placed;
  const time = formatterFor(timeZone, { timeStyle: 'short' }).format(new Date(placed.at));
  const startDrag = (event: DragEvent) => {
    // Firefox starts a drag only with some data set.
    event.dataTransfer.setData('text/plain', post.id);
    event.dataTransfer.effectAllowed = 'move';
    onDragStart(placed);
  };
  return (
    <button
      type="button"
      draggable={draggable}
      onClick={() => onOpen(post)}
      onDragStart={draggable ? startDrag : undefined}
      onDragEnd={draggable ? onDragEnd : undefined}
      className={cn(
        'block w-full min-w-0 rounded-md border-l-4 px-2 py-1 text-left text-xs shadow-sm ring-1 ring-slate-900/5 hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
        STATUS_CHIP_CLASSES[post.status],
        draggable && 'cursor-grab active:cursor-grabbing',
      )}
    >
      <span className="flex flex-wrap items-baseline justify-between gap-x-1">
        <span className="font-semibold">{time}</span>
        <span className="font-medium uppercase tracking-wide text-[0.65rem]">{STATUS_LABELS[post.status]}</span>
      </span>
      <span className="block truncate font-medium">
        {CHANNEL_LABELS[post.channel]}
        {owner ? ` · ${owner}` : ''}
      </span>
      <span className="block truncate">{firstWords(post.text) || 'No text yet'}</span>
    </button>
  );
}
