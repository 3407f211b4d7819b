import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/lib/cn';

/**
 * A panel that writes one message on a request: an internal note, or a reply the client sees (set
 * apart by the brand tone). Text that is empty after trimming is ignored; the box empties once the
 * save has been attempted (onSave calls onDone then).
 */
export function MessagePanel({
  title,
  description,
  label,
  placeholder,
  submitLabel,
  toClient = false,
  saving,
  onSave,
}: {
  title: string;
  description: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  toClient?: boolean;
  saving: boolean;
  onSave: (text: string, onDone: () => void) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed && !saving) onSave(trimmed, () => setText(''));
  };

  return (
    <SectionCard title={title} description={description} className={cn(toClient && 'bg-brand-50/60 ring-brand-200')}>
      <form onSubmit={submit} className="grid gap-3">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => (e.metaKey || e.ctrlKey) && e.key === 'Enter' && e.currentTarget.form?.requestSubmit()}
          placeholder={placeholder}
          rows={4}
          maxLength={4000}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setText('')} disabled={!text}>
            Clear
          </Button>
          <Button type="submit" disabled={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
