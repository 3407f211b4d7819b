import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Inbox, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeZone } from '@/lib/client-data/use-time-zone';
import { cn } from '@/lib/cn';
import { useRequests } from '../api/list-requests';
import { NewRequestForm } from '../components/new-request-form';
import { RequestDetail } from '../components/request-detail';
import { RequestList } from '../components/request-list';

const FORM_ID = 'new-request-form';

/**
 * The client's requests: the list, a New request form, and the request the address names
 * (?request=id, as the reply mails link to it). On a phone the list and the request take turns.
 */
export default function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('request');
  const [composing, setComposing] = useState(false);
  const requests = useRequests();
  const { timeZone } = useTimeZone();

  const opened = (id: string) => {
    setComposing(false);
    setParams({ request: id });
  };
  const newButton = (
    <Button onClick={() => setComposing(true)} aria-expanded={composing} aria-controls={composing ? FORM_ID : undefined}>
      <Plus className="size-4" aria-hidden /> New request
    </Button>
  );
  const list = requests.data?.requests ?? [];

  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Requests</h1>
          <p className="mt-1 text-sm text-slate-600">
            Ask the Hookline team for help or send a content brief, and follow each answer here.
          </p>
        </div>
        {composing ? null : newButton}
      </header>
      {composing ? <NewRequestForm id={FORM_ID} onOpened={opened} onCancel={() => setComposing(false)} /> : null}

      {requests.isPending ? (
        <div role="status" aria-label="Loading requests" className="grid gap-2 lg:w-80">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full rounded-xl" />
          ))}
        </div>
      ) : requests.isError ? (
        <Alert tone="error">Could not load your requests: {requests.error.message}</Alert>
      ) : list.length === 0 && !selectedId ? (
        composing ? null : (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
              <Inbox className="size-6" aria-hidden />
            </span>
            <h2 className="mt-4 text-base font-semibold text-slate-900">No requests yet</h2>
            <p className="mx-auto mb-5 mt-1 max-w-sm text-sm text-slate-500">
              Ask for help, or send a brief of what to post: the team answers here and by mail.
            </p>
            {newButton}
          </div>
        )
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
          <div className={cn(selectedId && 'hidden lg:block')}>
            <RequestList requests={list} selectedId={selectedId} timeZone={timeZone} />
          </div>
          {selectedId ? (
            <RequestDetail key={selectedId} id={selectedId} timeZone={timeZone} />
          ) : (
            <p className="hidden rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-sm text-slate-500 lg:block">
              Choose a request to see its answers and files.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
