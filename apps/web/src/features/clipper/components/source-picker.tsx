import { Link2, Upload } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type SourceKind = 'upload' | 'youtube';

const SOURCES: { value: SourceKind; title: string; description: string; icon: ReactNode }[] = [
  {
    value: 'upload',
    title: 'Upload Video File',
    description: 'MP4, MPEG, MOV, MKV or WebM, up to about 2 hours.',
    icon: <Upload className="size-5" aria-hidden />,
  },
  {
    value: 'youtube',
    title: 'YouTube URL',
    description: 'A public video link, up to 60 minutes.',
    icon: <Link2 className="size-5" aria-hidden />,
  },
];

/** The two source choices as radio cards: upload a file, or a YouTube URL. */
export function SourcePicker({ value, onChange }: { value: SourceKind; onChange: (value: SourceKind) => void }) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Video source</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {SOURCES.map((source) => {
          const checked = source.value === value;
          return (
            <label
              key={source.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl p-4 ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70',
                checked ? 'bg-brand-50 ring-2 ring-brand-500' : 'bg-white ring-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={`${id}-source`}
                value={source.value}
                checked={checked}
                onChange={() => onChange(source.value)}
                aria-label={source.title}
                aria-describedby={`${id}-${source.value}`}
                className="sr-only"
              />
              <span className={cn('rounded-lg p-2', checked ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600')}>
                {source.icon}
              </span>
              <span>
                <span className="block text-sm font-semibold text-slate-900">{source.title}</span>
                <span id={`${id}-${source.value}`} className="mt-0.5 block text-xs text-slate-600">
                  {source.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
