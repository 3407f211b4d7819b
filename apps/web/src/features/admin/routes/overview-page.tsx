import { useSearchParams } from 'react-router';
import { OVERVIEW_RANGES, type TOverviewRange } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useOverview } from '../api/get-overview';
import { formatTime } from '../format';
import { ActivityChart } from '../components/overview/activity-chart';
import { HealthList } from '../components/overview/health-list';
import { KpiCards } from '../components/overview/kpi-cards';
import { RecentActivity } from '../components/overview/recent-activity';
import { SAMPLE_OVERVIEW } from '../components/overview/sample-overview';
import { TopClientsTable } from '../components/overview/top-clients-table';
import { PageHeader } from '../components/shared/page-header';
import { SectionCard } from '@/components/ui/section-card';

const DEFAULT_RANGE: TOverviewRange = '7d';
const RANGE_OPTIONS = OVERVIEW_RANGES.map((value) => ({ value, label: value }));
const RANGE_DAYS: Record<TOverviewRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

export default function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range = OVERVIEW_RANGES.find((r) => r === asked) ?? DEFAULT_RANGE;
  const overview = useOverview(range);

  const setRange = (next: TOverviewRange) => {
    const search = new URLSearchParams(params);
    if (next === DEFAULT_RANGE) search.delete('range');
    else search.set('range', next);
    setParams(search);
  };

  // On failure: an amber banner and static sample numbers.
  const sample = overview.isError;
  const data = sample ? SAMPLE_OVERVIEW : overview.data;
  const loading = !data;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Overview"
        subtitle="Clients, requests and system health at a glance."
        actions={
          <>
            {sample ? <Badge tone="warning">Sample data</Badge> : null}
            <SegmentedControl label="Range" options={RANGE_OPTIONS} value={range} onChange={setRange} />
          </>
        }
      />
      {overview.isError ? (
        <Alert tone="warning" className="mb-6">
          <p>API error: {overview.error.message}</p>
          <p className="mt-0.5 text-xs">The numbers below are static samples, not live data.</p>
        </Alert>
      ) : null}
      <div
        className={cn('grid gap-6 transition-opacity', overview.isPlaceholderData && 'opacity-60')}
        aria-busy={loading || overview.isPlaceholderData}
      >
        <KpiCards kpis={data?.kpis} />
        <div className="grid gap-6 lg:grid-cols-3">
          <SectionCard
            title="Weekly activity"
            description={`Jobs per day over the last ${RANGE_DAYS[range]} days.`}
            className="lg:col-span-2"
          >
            {data ? <ActivityChart values={data.weeklyJobs} title="Weekly activity" /> : <Skeleton className="h-64 w-full" />}
          </SectionCard>
          <SectionCard title="System health" description={data && !sample ? `Checked at ${formatTime(data.healthCheckedAt)}.` : undefined}>
            {data ? <HealthList checks={data.health} /> : <SkeletonLines />}
          </SectionCard>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <SectionCard title="Top clients" className="lg:col-span-2">
            {data ? <TopClientsTable rows={data.topClients} linked={!sample} /> : <SkeletonLines />}
          </SectionCard>
          <SectionCard title="Recent activity">{data ? <RecentActivity items={data.recent} /> : <SkeletonLines />}</SectionCard>
        </div>
      </div>
    </div>
  );
}

function SkeletonLines() {
  return (
    <div className="grid gap-3" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-5 w-full" />
      ))}
    </div>
  );
}
