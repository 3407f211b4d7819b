import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { TRequestStatus, TTimelineEntry } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { addRequestNote } from '../api/add-request-note';
import { useRequest } from '../api/get-request';
import { useRequestTimeline } from '../api/get-request-timeline';
import { adminKeys } from '../api/keys';
import { updateRequest } from '../api/update-request';
import { formatDateTime, humanize, sentenceCase } from '../format';
import { AddNotePanel } from '../components/requests/add-note-panel';
import { RequestStatusButtons } from '../components/requests/request-status-buttons';
import { BackLink } from '../components/shared/back-link';
import { NotFoundState } from '../components/shared/not-found-state';
import { PageHeader } from '../components/shared/page-header';
import { SectionCard } from '@/components/ui/section-card';
import { RequestStatusBadge } from '../components/shared/status-badges';
import { TimelineList } from '../components/shared/timeline-list';

let localNoteCount = 0;

export default function RequestDetailPage() {
  const id = useParams().id ?? '';
  const queryClient = useQueryClient();
  const request = useRequest(id);
  const timeline = useRequestTimeline(id);
  const [localNotes, setLocalNotes] = useState<TTimelineEntry[]>([]);
  const [updating, setUpdating] = useState(false);

  if (request.isError && request.error instanceof ApiError && request.error.status === 404) {
    return <NotFoundState title="Request not found" backTo="/admin/requests" backLabel="Back to Requests" />;
  }

  const setStatus = async (status: TRequestStatus) => {
    setUpdating(true);
    try {
      const updated = await updateRequest(id, { status });
      queryClient.setQueryData(adminKeys.request(id), updated);
      toast.success('Request updated', { description: `Status set to ${humanize(status)}` });
      void queryClient.invalidateQueries({ queryKey: adminKeys.requests });
    } catch (error) {
      toast.error('Update failed', { description: errorMessage(error, 'Unknown error') });
    } finally {
      setUpdating(false);
    }
  };

  const saveNote = async (note: string) => {
    try {
      const entry = await addRequestNote(id, { note });
      queryClient.setQueryData<TTimelineEntry[]>(adminKeys.requestTimeline(id), (old) => [entry, ...(old ?? [])]);
      toast.success('Note added');
    } catch {
      // SPEC section 8: keep the note on screen, authored by 'you'.
      const entry = { id: `local-${++localNoteCount}`, text: note, who: 'you', ts: new Date().toISOString() };
      setLocalNotes((notes) => [entry, ...notes]);
      toast.warning('Saved locally', { description: 'API not available' });
    }
  };

  const data = request.data;
  const entries = [...localNotes, ...(timeline.isError ? [] : (timeline.data ?? []))];

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={data ? data.subject : request.isPending ? <Skeleton className="h-8 w-72" /> : 'Request'}
        subtitle={
          data ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="break-all">{data.requester}</span>
              <span aria-hidden>·</span>
              <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
              <span aria-hidden>·</span>
              <span>{sentenceCase(data.type)}</span>
            </p>
          ) : null
        }
        actions={data ? <RequestStatusBadge status={data.status} /> : null}
      >
        <BackLink to="/admin/requests" />
      </PageHeader>
      {request.isError ? (
        <Alert tone="error" className="mb-4">
          API error: {request.error.message}
        </Alert>
      ) : null}
      <div className="grid gap-6">
        {data ? (
          <SectionCard
            title="Status"
            actions={
              data.clientId ? (
                <Link
                  to={`/admin/clients/${encodeURIComponent(data.clientId)}`}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  Open client workspace
                </Link>
              ) : null
            }
          >
            <RequestStatusButtons value={data.status} onChange={setStatus} disabled={updating} />
          </SectionCard>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <SectionCard title="Activity">
            <TimelineList entries={entries} loading={timeline.isPending && localNotes.length === 0} />
          </SectionCard>
          <div>
            <AddNotePanel onSave={saveNote} />
          </div>
        </div>
      </div>
    </div>
  );
}
