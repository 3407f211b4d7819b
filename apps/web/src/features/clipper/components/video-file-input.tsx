import { Film } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatBytes } from '../format';
import { VIDEO_ACCEPT } from '../video-files';

/** A file input (with drop target) for the source video, showing the chosen file's name and size. */
export function VideoFileInput({ file, disabled, onChange }: { file: File | null; disabled?: boolean; onChange: (file: File) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <div>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const dropped = event.dataTransfer.files[0];
          if (!disabled && dropped) onChange(dropped);
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:border-brand-500',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
          disabled && 'cursor-not-allowed opacity-70',
        )}
      >
        <Film className="size-6 text-slate-500" aria-hidden />
        <span className="text-sm font-medium text-slate-800">{file ? 'Choose a different video' : 'Choose a video file'}</span>
        <span className="text-xs text-slate-500">or drop it here</span>
        <input
          id={id}
          type="file"
          accept={VIDEO_ACCEPT}
          aria-label="Video file"
          className="sr-only"
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChange(chosen);
            // The same file can be chosen again after a change of mind.
            event.target.value = '';
          }}
        />
      </label>
      {file ? (
        <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="chosen-file">
          <span className="min-w-0 truncate font-medium text-slate-900">{file.name}</span>
          <span className="text-slate-500">{formatBytes(file.size)}</span>
        </p>
      ) : null}
    </div>
  );
}
