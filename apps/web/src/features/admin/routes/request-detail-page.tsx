import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import type { TRequestStatus, TTimelineEntry } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAddRequestNote } from '../api/add-request-note';
import { useApplyRequestSubmission } from '../api/apply-request-submission';
import { useRequest } from '../api/get-request';
import { useRequestSubmission } from '../api/get-request-submission';
import { useRequestTimeline } from '../api/get-request-timeline';
import { useRequestWork } from '../api/get-request-work';
import { useReplyToRequest } from '../api/reply-to-request';
import { useUpdateRequest } from '../api/update-request';
import { formatDateTime, humanize, sentenceCase } from '../format';
import { KeptAnswersCard } from '../components/requests/kept-answers-card';
import { MessagePanel } from '../components/requests/message-panel';
import { RequestDetailsCard } from '../components/requests/request-details-card';
import { RequestDraftsCard } from '../components/requests/request-drafts-card';
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
  const request = useRequest(id);
  const timeline = useRequestTimeline(id);
  const updateRequest = useUpdateRequest();
  const addNote = useAddRequestNote();
  const reply = useReplyToRequest();
  const work = useRequestWork(id);
  const submission = useRequestSubmission(id, request.data?.type === 'onboarding');
  const applySubmission = useApplyRequestSubmission();
  const [localNotes, setLocalNotes] = useState<TTimelineEntry[]>([]);

  if (request.isError && request.error instanceof ApiError && request.error.status === 404) {
    return <NotFoundState title="Request not found" backTo="/admin/requests" backLabel="Back to Requests" />;
  }

  const setStatus = (status: TRequestStatus) =>
    updateRequest.mutate(
      { id, input: { status } },
      {
        onSuccess: () => toast.success('Request updated', { description: `Status set to ${humanize(status)}` }),
        onError: (error) => toast.error('Update failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );

  const saveNote = (note: string, onDone: () => void) =>
    addNote.mutate(
      { id, input: { note } },
      {
        onSuccess: () => toast.success('Note added'),
        onError: () => {
          // The note stays on screen all the same, authored by 'you'.
          const entry = { id: `local-${++localNoteCount}`, text: note, who: 'you', ts: new Date().toISOString(), forClient: false };
          setLocalNotes((notes) => [entry, ...notes]);
          toast.warning('Saved locally', { description: 'API not available' });
        },
        onSettled: onDone,
      },
    );

  const sendReply = (text: string, onDone: () => void) =>
    reply.mutate(
      { id, input: { text } },
      {
        onSuccess: () => toast.success('Reply sent', { description: 'The client sees it on the request and gets it by mail.' }),
        onError: (error) => toast.error('Reply failed', { description: errorMessage(error, 'Unknown error') }),
        onSettled: onDone,
      },
    );

  const apply = () =>
    applySubmission.mutate(id, {
      onSuccess: () => toast.success('Answers applied', { description: "They are now the client's onboarding record." }),
      onError: (error) => toast.error('Apply failed', { description: errorMessage(error, 'Unknown error') }),
    });

  const data = request.data;
  const kept = submission.data?.submission;
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
            <RequestStatusButtons value={data.status} onChange={setStatus} disabled={updateRequest.isPending} />
          </SectionCard>
        ) : null}
        {kept ? <KeptAnswersCard submission={kept} applying={applySubmission.isPending} onApply={apply} /> : null}
        {data ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <RequestDetailsCard
              description={work.data?.description ?? null}
              attachments={work.data?.attachments ?? []}
              loading={work.isPending}
            />
            <RequestDraftsCard requestId={id} clientId={data.clientId} drafts={work.data?.drafts ?? []} loading={work.isPending} />
          </div>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <SectionCard title="Activity">
            <TimelineList entries={entries} loading={timeline.isPending && localNotes.length === 0} />
          </SectionCard>
          <div className="grid content-start gap-6">
            <MessagePanel
              title="Reply to client"
              description="The client sees replies on the request and gets them by mail."
              label="Reply to the client"
              placeholder="Write a reply to the client…"
              submitLabel="Send reply"
              toClient
              saving={reply.isPending}
              onSave={sendReply}
            />
            <MessagePanel
              title="Add note"
              description="Internal notes are visible to staff only."
              label="Internal note"
              placeholder="Add internal note…"
              submitLabel="Save Note"
              saving={addNote.isPending}
              onSave={saveNote}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
