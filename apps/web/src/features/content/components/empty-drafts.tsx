import { FileText, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CHANNEL_LABELS } from '@/lib/channel-labels';
import type { ChannelFilterValue } from './channel-filter';

/** The empty state of one filter, with a way to start a draft there. */
export function EmptyDrafts({ channel, onNew }: { channel: ChannelFilterValue; onNew?: () => void }) {
  const all = channel === 'all';
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
        <FileText className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">{all ? 'No drafts yet' : `No ${CHANNEL_LABELS[channel]} drafts yet`}</h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">
        {all
          ? 'Start a post, reel, thread or video. Your text is saved as you go; queue a draft for later or publish it right away.'
          : `Drafts for ${CHANNEL_LABELS[channel]} will show up here.`}
      </p>
      {onNew ? (
        <Button className="mt-5" onClick={onNew}>
          <Plus className="size-4" aria-hidden /> {all ? 'New draft' : `New ${CHANNEL_LABELS[channel]} draft`}
        </Button>
      ) : null}
    </div>
  );
}
