import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Link2, Plus } from 'lucide-react';
import { isStaffAccess, type TDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useWorkspace } from '@/lib/client-data/get-workspace';
import { useDrafts } from '@/lib/client-data/list-drafts';
import { useTimeZone } from '@/lib/client-data/use-time-zone';
import { useDeleteDraft } from '../api/delete-draft';
import { ChannelFilter, parseChannel, type ChannelFilterValue } from '../components/channel-filter';
import { CreateDraftPanel } from '../components/create-draft-panel';
import { DeleteDraftDialog } from '../components/delete-draft-dialog';
import { DraftCard, type DraftCardWorkspace } from '../components/draft-card';
import { DraftsSkeleton } from '../components/drafts-skeleton';
import { EmptyDrafts } from '../components/empty-drafts';
import { countDrafts } from '../labels';

// Staff-only tools, chunks of their own: clients never load them.
const ReviewLinkDialog = lazy(() => import('../components/review-link-dialog'));
const ReviewLinksPanel = lazy(() => import('../components/review-links-panel'));

/**
 * While the workspace cannot be read, the cards offer what every caller may do; the server still
 * refuses what the workspace does not allow, and the card shows its words.
 */
const UNKNOWN_WORKSPACE: DraftCardWorkspace = { access: 'editor', requireApproval: false };

/** How often the list is reloaded while the server's job runner is still publishing a draft. */
export const PUBLISHING_POLL_MS = 500;

/** The dashboard's Content page: a channel filter (in ?channel=), a Create panel, and the drafts as cards. */
export default function ContentPage() {
  const [params, setParams] = useSearchParams();
  const channel = parseChannel(params.get('channel'));
  const drafts = useDrafts(channel === 'all' ? undefined : channel, { pollWhilePublishingMs: PUBLISHING_POLL_MS });
  const { timeZone, ready } = useTimeZone();
  const workspace = useWorkspace().data ?? UNKNOWN_WORKSPACE;
  const staff = isStaffAccess(workspace.access);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [sendingLink, setSendingLink] = useState(false);
  const [creating, setCreating] = useState(false);
  // The card to focus when it mounts: a new draft, or one moved to another channel while a filter was on.
  const [focusId, setFocusId] = useState<string | null>(null);
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

  /** Keeps a draft in sight: switches to its channel when another one is filtered, and focuses its card there. */
  const follow = (draft: TDraft) => {
    if (channel === 'all' || channel === draft.channel) return;
    setFocusId(draft.id);
    setChannel(draft.channel);
  };

  const created = (draft: TDraft) => {
    setCreating(false);
    setFocusId(draft.id);
    follow(draft);
  };

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = (draft: TDraft) =>
    deleteDraft.mutate(draft.id, {
      onSuccess: () => {
        select(draft.id, false);
        toast.success('Draft deleted');
      },
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

      {staff ? (
        <div className="mb-5 flex flex-wrap items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
          <p aria-live="polite" className="text-sm text-slate-600">
            {selected.size === 0 ? 'Select drafts to send them for review by email.' : `${countDrafts(selected.size)} selected`}
          </p>
          <div className="ml-auto flex flex-wrap gap-2">
            {selected.size > 0 ? (
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            ) : null}
            {/* aria-disabled, not disabled: focus comes back here when the dialog closes, after the selection was sent and cleared. */}
            <Button
              size="sm"
              aria-disabled={selected.size === 0}
              className={cn(selected.size === 0 && 'cursor-not-allowed bg-brand-300 hover:bg-brand-300')}
              onClick={() => selected.size > 0 && setSendingLink(true)}
            >
              <Link2 className="size-4" aria-hidden /> Send review link
            </Button>
          </div>
        </div>
      ) : null}

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
              <DraftCard
                draft={draft}
                workspace={workspace}
                timeZone={timeZone}
                autoFocus={draft.id === focusId}
                onDelete={setDeleting}
                onChannelChange={follow}
                selection={staff ? { selected: selected.has(draft.id), onChange: (on) => select(draft.id, on) } : undefined}
              />
            </li>
          ))}
        </ul>
      )}

      {staff ? (
        <Suspense fallback={null}>
          <ReviewLinksPanel timeZone={timeZone} />
        </Suspense>
      ) : null}

      <DeleteDraftDialog draft={deleting} deleting={deleteDraft.isPending} onCancel={() => setDeleting(null)} onConfirm={remove} />
      {sendingLink ? (
        <Suspense fallback={null}>
          <ReviewLinkDialog
            draftIds={[...selected]}
            timeZone={timeZone}
            onClose={() => setSendingLink(false)}
            onSent={() => {
              setSendingLink(false);
              setSelected(new Set());
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
