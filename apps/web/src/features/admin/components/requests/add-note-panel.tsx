import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { SectionCard } from '@/components/ui/section-card';

/**
 * The 'Add note' panel. Text that is empty after trimming is ignored; the box empties once the
 * save has been attempted (onSave calls onDone then).
 */
export function AddNotePanel({ saving, onSave }: { saving: boolean; onSave: (note: string, onDone: () => void) => void }) {
  const id = useId();
  const [note, setNote] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (trimmed && !saving) onSave(trimmed, () => setNote(''));
  };

  return (
    <SectionCard title="Add note" description="Internal notes are visible to staff only.">
      <form onSubmit={submit} className="grid gap-3">
        <label htmlFor={id} className="sr-only">
          Internal note
        </label>
        <Textarea
          id={id}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => (e.metaKey || e.ctrlKey) && e.key === 'Enter' && e.currentTarget.form?.requestSubmit()}
          placeholder="Add internal note…"
          rows={4}
          maxLength={4000}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setNote('')} disabled={!note}>
            Clear
          </Button>
          <Button type="submit" disabled={saving}>
            Save Note
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
