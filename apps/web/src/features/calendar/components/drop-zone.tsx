import { useState, type CSSProperties, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A place a dragged post can be dropped on (a day, or an hour of a day). It takes drops only while
 * a post is being dragged (`accepting`), and shows where it will land.
 */
export function DropZone({
  accepting,
  onDrop,
  className,
  style,
  children,
  ...data
}: {
  accepting: boolean;
  onDrop: () => void;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  'data-slot': string;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      {...data}
      style={style}
      className={cn(className, over && 'bg-brand-100 ring-2 ring-inset ring-brand-400')}
      onDragOver={
        accepting
          ? (event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(true);
            }
          : undefined
      }
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={
        accepting
          ? (event) => {
              event.preventDefault();
              setOver(false);
              onDrop();
            }
          : undefined
      }
    >
      {children}
    </div>
  );
}
