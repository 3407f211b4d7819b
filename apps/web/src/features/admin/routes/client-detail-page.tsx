import { useParams } from 'react-router';
import { seesAllClients } from '@hookline/shared';
import { LayoutDashboard, Mail, Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { workspaceUrl } from '@/lib/active-workspace';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useWorkspaceSummary } from '../api/get-workspace-summary';
import { useWorkspaceTimeline } from '../api/get-workspace-timeline';
import { ClientStatusCard } from '../components/client-detail/client-status-card';
import { DraftsCard } from '../components/client-detail/drafts-card';
import { ManagersCard } from '../components/client-detail/managers-card';
import { OnboardingCard } from '../components/client-detail/onboarding-card';
import { BackLink } from '../components/shared/back-link';
import { NotFoundState } from '../components/shared/not-found-state';
import { PageHeader } from '../components/shared/page-header';
import { SectionCard } from '@/components/ui/section-card';
import { TimelineList } from '../components/shared/timeline-list';
import { formatDate } from '../format';

export default function ClientDetailPage() {
  const id = useParams().id ?? '';
  const { user } = useAuth();
  const client = useWorkspaceSummary(id);
  const timeline = useWorkspaceTimeline(id);

  if (client.isError && client.error instanceof ApiError && client.error.status === 404) {
    return <NotFoundState title="Client not found" backTo="/admin/clients" backLabel="Back to Clients" />;
  }

  const data = client.data;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={data ? data.name : client.isPending ? <Skeleton className="h-8 w-64" /> : 'Client'}
        subtitle={`ID: ${id}`}
        actions={
          // A page load, not a route change: the dashboard starts clean in this client's workspace.
          <a href={workspaceUrl(id)} className={buttonClasses('primary', 'md')}>
            <LayoutDashboard className="size-4" aria-hidden /> Open workspace
          </a>
        }
      >
        <BackLink to="/admin/clients" />
      </PageHeader>
      {client.isError ? (
        <Alert tone="error" className="mb-4">
          API error: {client.error.message}
        </Alert>
      ) : null}
      <div className="grid gap-6">
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          <SectionCard title="Owner">
            {data ? (
              <>
                <a
                  href={`mailto:${data.owner}`}
                  className="inline-flex max-w-full items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
                >
                  <Mail className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{data.owner}</span>
                </a>
                <p className="mt-2 text-xs text-slate-500">
                  Client since <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
                </p>
              </>
            ) : (
              <Skeleton className="h-5 w-48" />
            )}
          </SectionCard>
          {data ? (
            <ClientStatusCard client={data} />
          ) : (
            <SectionCard title="Status">
              <Skeleton className="h-24 w-full" />
            </SectionCard>
          )}
          <ManagersCard clientId={id} canEdit={seesAllClients(user?.role)} />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
            {data ? (
              <OnboardingCard client={data} />
            ) : (
              <SectionCard title="Onboarding Details">
                <Skeleton className="h-40 w-full" />
              </SectionCard>
            )}
            <DraftsCard clientId={id} />
          </div>
          <div className="grid content-start gap-6">
            <SectionCard title="Activity">
              <TimelineList entries={timeline.isError ? [] : (timeline.data ?? [])} loading={timeline.isPending} />
            </SectionCard>
            <SectionCard title="Notes">
              <p className="flex gap-2 text-sm text-slate-500">
                <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
                Billing, usage, managers and automation settings will be shown here in a future release.
              </p>
            </SectionCard>
          </div>
        </div>
      </div>
    </div>
  );
}
