import { useId, useState, type FormEvent } from 'react';
import { LayoutDashboard } from 'lucide-react';
import { DRAFT_TYPES, type TDraftChannel, type TDraftType, type TRequestDraft } from '@hookline/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { TYPE_LABELS } from '@/lib/channel-labels';
import { toast } from '@/lib/toast';
import { useCreateRequestDraft } from '../../api/create-request-draft';
import { DraftSummaryList } from '../shared/draft-summary-list';
import { ChannelOptions } from '@/components/channel-options';

/**
 * The client's Content page in their workspace, opened by a page load (like the client pages' Open
 * workspace link), so nothing cached from another workspace shows there.
 */
const contentUrl = (clientId: string) => `/dashboard/content?${new URLSearchParams({ workspace: clientId })}`;

/** Drafts made from the request, with their review state, and a form that makes one in the client's workspace. */
export function RequestDraftsCard({
  requestId,
  clientId,
  drafts,
  loading,
}: {
  requestId: string;
  clientId: string | null;
  drafts: TRequestDraft[];
  loading: boolean;
}) {
  const id = useId();
  const create = useCreateRequestDraft();
  const [channel, setChannel] = useState<TDraftChannel>('instagram');
  const [type, setType] = useState<TDraftType>('post');
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!clientId || create.isPending) return;
    create.mutate(
      { id: requestId, clientId, input: { channel, type, text } },
      {
        onSuccess: () => {
          toast.success('Draft created', { description: "It is in the client's workspace, linked to this request." });
          setText('');
        },
        onError: (error) => toast.error('Could not create the draft', { description: errorMessage(error, 'Unknown error') }),
      },
    );
  };

  return (
    <SectionCard
      title="Drafts"
      description="Made from this request in the client's workspace."
      actions={
        clientId ? (
          <a href={contentUrl(clientId)} className={buttonClasses('secondary', 'sm')}>
            <LayoutDashboard className="size-4" aria-hidden /> Open workspace
          </a>
        ) : null
      }
    >
      {loading ? (
        <SkeletonLines count={2} />
      ) : drafts.length ? (
        <DraftSummaryList drafts={drafts} label="Drafts from this request" />
      ) : (
        <p className="text-sm text-slate-500">No drafts made from this request yet.</p>
      )}
      {clientId ? (
        <form onSubmit={submit} className="mt-5 grid gap-3 border-t border-slate-100 pt-5" aria-label="Create draft">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <Label htmlFor={`${id}-channel`}>Channel</Label>
              <Select id={`${id}-channel`} value={channel} onChange={(e) => setChannel(e.target.value as TDraftChannel)} className="w-full">
                <ChannelOptions />
              </Select>
            </div>
            <div>
              <Label htmlFor={`${id}-type`}>Type</Label>
              <Select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as TDraftType)} className="w-full">
                {DRAFT_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {TYPE_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div>
            <Label htmlFor={`${id}-text`}>Text</Label>
            <Textarea id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} rows={4} maxLength={10_000} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create draft'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-500">This request belongs to no client workspace, so no draft can be made from it.</p>
      )}
    </SectionCard>
  );
}
