import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { Clapperboard, FileText, Film, MessagesSquare, type LucideIcon } from 'lucide-react';
import { DRAFT_TYPES, type TDraft, type TDraftChannel, type TDraftType } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { TYPE_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import { useCreateDraft } from '../api/create-draft';
import { TYPE_HINTS } from '../labels';
import { ChannelOptions } from '@/components/channel-options';

const TYPE_ICONS: Record<TDraftType, LucideIcon> = { post: FileText, reel: Clapperboard, thread: MessagesSquare, video: Film };

/** The Content page's Create panel: a type (Post, Reel/Short, Thread, Video) and a channel. */
export function CreateDraftPanel({
  id,
  defaultChannel,
  onCreated,
  onClose,
}: {
  id: string;
  defaultChannel: TDraftChannel;
  onCreated: (draft: TDraft) => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const [type, setType] = useState<TDraftType>('post');
  const [channel, setChannel] = useState<TDraftChannel>(defaultChannel);
  const create = useCreateDraft();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { type, channel },
      {
        onSuccess: onCreated,
        onError: (error) => toast.error('Could not create the draft', { description: errorMessage(error, 'Unknown error') }),
      },
    );
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <Card id={id} className="mb-6 p-5" onKeyDown={closeOnEscape}>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Create a draft
        </h2>
        <form onSubmit={submit} className="mt-4 grid gap-5">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Type</legend>
            <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
              {DRAFT_TYPES.map((value) => {
                const Icon = TYPE_ICONS[value];
                const checked = value === type;
                return (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                      checked ? 'bg-brand-50 ring-2 ring-brand-500' : 'bg-white ring-slate-200 hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-type`}
                      value={value}
                      checked={checked}
                      onChange={() => setType(value)}
                      className="sr-only"
                      autoFocus={checked}
                      aria-labelledby={`${id}-type-${value}`}
                      aria-describedby={`${id}-type-${value}-hint`}
                    />
                    <span className={cn('rounded-lg p-1.5', checked ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600')}>
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <span className="min-w-0">
                      <span id={`${id}-type-${value}`} className="block text-sm font-semibold text-slate-900">
                        {TYPE_LABELS[value]}
                      </span>
                      <span id={`${id}-type-${value}-hint`} className="block text-xs text-slate-600">
                        {TYPE_HINTS[value]}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-full sm:w-56">
              <Label htmlFor={`${id}-channel`}>Channel</Label>
              <Select
                id={`${id}-channel`}
                value={channel}
                onChange={(event) => setChannel(event.target.value as TDraftChannel)}
                className="w-full"
              >
                <ChannelOptions />
              </Select>
            </div>
            <div className="ml-auto flex gap-2">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create draft'}
              </Button>
            </div>
          </div>
        </form>
      </section>
    </Card>
  );
}
