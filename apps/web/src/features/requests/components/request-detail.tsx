import { Link } from 'react-router';
import { ArrowLeft, Download, Users } from 'lucide-react';
import {
  draftStandingLabel,
  formatBytes,
  REQUEST_TYPE_LABELS,
  type TClientRequestDetail,
  type TClientTimelineEntry,
} from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { CHANNEL_LABELS, TYPE_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import { formatFull, formatWhen } from '@/lib/zoned-time';
import { useRequest } from '../api/get-request';
import { RequestStatusBadge } from './request-status-badge';

const BackToList = () => (
  <Link to="." className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline lg:hidden">
    <ArrowLeft className="size-4" aria-hidden /> All requests
  </Link>
);

/** One request as its client sees it: what they wrote and attached, the drafts made from it, and its activity. */
export function RequestDetail({ id, timeZone }: { id: string; timeZone: string }) {
  const request = useRequest(id);
  if (request.isPending) {
    return (
      <Card role="status" aria-label="Loading the request">
        <BackToList />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="mt-3 h-4 w-1/3" />
        <Skeleton className="mt-6 h-24 w-full" />
      </Card>
    );
  }
  if (request.isError) {
    const missing = request.error instanceof ApiError && request.error.status === 404;
    return (
      <Card>
        <BackToList />
        <Alert tone="error">{missing ? 'Request not found' : `Could not load the request: ${request.error.message}`}</Alert>
      </Card>
    );
  }
  return <Detail detail={request.data} timeZone={timeZone} />;
}

function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  return (
    <time dateTime={iso} title={formatFull(iso, timeZone)}>
      {formatWhen(iso, timeZone)}
    </time>
  );
}

function Detail({ detail, timeZone }: { detail: TClientRequestDetail; timeZone: string }) {
  const { request, timeline, attachments, drafts } = detail;
  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby="request-subject">
        <BackToList />
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="request-subject" className="break-words text-lg font-semibold text-slate-900">
              {request.subject}
            </h2>
            <p className="mt-0.5 text-sm text-slate-500">
              {REQUEST_TYPE_LABELS[request.type]} · Opened <When iso={request.createdAt} timeZone={timeZone} />
            </p>
          </div>
          <RequestStatusBadge status={request.status} />
        </header>
        {request.description ? <p className="mt-4 whitespace-pre-wrap break-words text-sm text-slate-800">{request.description}</p> : null}

        {attachments.length ? (
          <section aria-labelledby="request-files" className="mt-6">
            <h3 id="request-files" className="text-sm font-semibold text-slate-900">
              Attachments
            </h3>
            <ul className="mt-2 grid gap-1.5">
              {attachments.map((file) => (
                <li key={file.id}>
                  <a
                    href={file.url}
                    download={file.name}
                    className="inline-flex max-w-full items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
                  >
                    <Download className="size-4 shrink-0" aria-hidden />
                    <span className="truncate">{file.name}</span>
                    <span className="shrink-0 font-normal text-slate-500">{formatBytes(file.size)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {drafts.length ? (
          <section aria-labelledby="request-drafts" className="mt-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="request-drafts" className="text-sm font-semibold text-slate-900">
                Drafts from this request
              </h3>
              <Link to="/dashboard/content" className="text-sm font-medium text-brand-700 hover:underline">
                Review them in Content
              </Link>
            </div>
            <ul className="mt-2 grid gap-2">
              {drafts.map((draft) => (
                <li key={draft.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
                  <span className="min-w-0">
                    <span className="block break-words text-sm text-slate-800">{draft.excerpt || 'No text yet'}</span>
                    <span className="block text-xs text-slate-500">
                      {CHANNEL_LABELS[draft.channel]} {TYPE_LABELS[draft.type]}
                    </span>
                  </span>
                  <Badge tone={draft.reviewState === 'changes_requested' ? 'warning' : 'neutral'}>{draftStandingLabel(draft)}</Badge>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="request-activity" className="mt-6">
          <h3 id="request-activity" className="text-sm font-semibold text-slate-900">
            Activity
          </h3>
          <ol className="mt-3 grid gap-3" aria-label="Request activity">
            {timeline.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} timeZone={timeZone} />
            ))}
          </ol>
        </section>
      </article>
    </Card>
  );
}

/** The team's entries (replies, status changes) stand out, with who they are from in words. */
function ActivityEntry({ entry, timeZone }: { entry: TClientTimelineEntry; timeZone: string }) {
  return (
    <li className={cn('rounded-lg px-3 py-2', entry.fromTeam ? 'bg-brand-50 ring-1 ring-brand-200' : 'bg-slate-50')}>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        {entry.fromTeam ? (
          <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
            <Users className="size-3.5" aria-hidden /> Hookline team
          </span>
        ) : (
          <span className="font-medium text-slate-700">{entry.who}</span>
        )}
        <When iso={entry.ts} timeZone={timeZone} />
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{entry.text}</p>
    </li>
  );
}
