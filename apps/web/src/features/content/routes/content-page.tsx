import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Plus } from 'lucide-react';
import type { TDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useDrafts } from '@/lib/client-data/list-drafts';
import { useTimeZone } from '@/lib/client-data/use-time-zone';
import { useDeleteDraft } from '../api/delete-draft';
import { ChannelFilter, parseChannel, type ChannelFilterValue } from '../components/channel-filter';
import { CreateDraftPanel } from '../components/create-draft-panel';
import { DeleteDraftDialog } from '../components/delete-draft-dialog';
import { DraftCard } from '../components/draft-card';
import { DraftsSkeleton } from '../components/drafts-skeleton';
import { EmptyDrafts } from '../components/empty-drafts';

/** How often the list is reloaded while the server's job runner is still publishing a draft. */
export const PUBLISHING_POLL_MS = 500;

/** The dashboard's Content page: a channel filter (in ?channel=), a Create panel, and the drafts as cards. */
export default function ContentPage() {
  const [params, setParams] = useSearchParams();
  const channel = parseChannel(params.get('channel'));
  const drafts = useDrafts(channel === 'all' ? undefined : channel, { pollWhilePublishingMs: PUBLISHING_POLL_MS });
  const { timeZone, ready } = useTimeZone();
  const [creating, setCreating] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TDraft | null>(null);
  const deleteDraft = useDeleteDraft();
  const newButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const setChannel = (next: ChannelFilterValue) => {
    const search = new URLSearchParams(params);
    if (next === 'all') search.delete('channel');
    else search.set('channel', next);
    setParams(search);
  };

  const closePanel = () => {
    setCreating(false);
    newButton.current?.focus();
  };

  const created = (draft: TDraft) => {
    setCreating(false);
    setCreatedId(draft.id);
    // Show the new draft: switch to its channel when another one is filtered.
    if (channel !== 'all' && channel !== draft.channel) setChannel(draft.channel);
  };

  const remove = (draft: TDraft) =>
    deleteDraft.mutate(draft.id, {
      onSuccess: () => toast.success('Draft deleted'),
      onError: (error) => toast.error('Could not delete the draft', { description: errorMessage(error, 'Unknown error') }),
      onSettled: () => setDeleting(null),
    });

  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Content</h1>
          <p className="mt-1 text-sm text-slate-600">
            Draft, queue and publish posts for every channel.{ready ? ` Times in ${timeZone.replaceAll('_', ' ')}.` : ''}
          </p>
        </div>
        <Button
          ref={newButton}
          onClick={() => (creating ? closePanel() : setCreating(true))}
          aria-expanded={creating}
          aria-controls={creating ? panelId : undefined}
        >
          <Plus className="size-4" aria-hidden /> New
        </Button>
      </header>

      {creating ? (
        <CreateDraftPanel
          id={panelId}
          defaultChannel={channel === 'all' ? 'instagram' : channel}
          onCreated={created}
          onClose={closePanel}
        />
      ) : null}

      <div className="mb-5 overflow-x-auto">
        <ChannelFilter value={channel} onChange={setChannel} />
      </div>

      {drafts.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>Could not load drafts: {drafts.error.message}</span>
          <Button size="sm" variant="secondary" onClick={() => void drafts.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : drafts.isPending || !ready ? (
        <DraftsSkeleton />
      ) : drafts.data.length === 0 ? (
        <EmptyDrafts channel={channel} onNew={creating ? undefined : () => setCreating(true)} />
      ) : (
        <ul aria-label="Drafts" className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {drafts.data.map((draft) => (
            <li key={draft.id} className="min-w-0">
              <DraftCard draft={draft} timeZone={timeZone} autoFocus={draft.id === createdId} onDelete={setDeleting} />
            </li>
          ))}
        </ul>
      )}

      <DeleteDraftDialog draft={deleting} deleting={deleteDraft.isPending} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </div>
  );
}
