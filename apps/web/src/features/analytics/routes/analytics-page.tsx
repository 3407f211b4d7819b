import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDrafts } from '@/lib/client-data/list-drafts';
import { useTimeZone } from '@/lib/client-data/use-time-zone';
import { AudienceCards } from '../components/audience-cards';
import { ChannelTable } from '../components/channel-table';
import { DailyChart } from '../components/daily-chart';
import { KpiCards } from '../components/kpi-cards';
import { PostingHeatmap } from '../components/posting-heatmap';
import { SectionCard } from '@/components/ui/section-card';
import { TopPosts } from '../components/top-posts';
import { computeAnalytics } from '../compute-analytics';

/**
 * The dashboard's Analytics. Computed from the workspace's published drafts, with reach and
 * engagement from the figures their networks report; until anything is published, the whole page
 * shows seeded sample data, clearly labelled, and any figure no network reports stays a labelled sample.
 */
export default function AnalyticsPage() {
  const drafts = useDrafts();
  const { timeZone, ready } = useTimeZone();
  const [now] = useState(() => new Date());
  const analytics = useMemo(
    () => (ready && drafts.data ? computeAnalytics(drafts.data, timeZone, now) : null),
    [ready, drafts.data, timeZone, now],
  );

  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Analytics</h1>
          <p className="mt-1 text-sm text-slate-600">What you published over the last 30 days, and when.</p>
        </div>
        {analytics?.sample ? <Badge tone="warning">Sample data</Badge> : null}
      </header>

      {drafts.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>Could not load your posts: {drafts.error.message}</span>
          <Button size="sm" variant="secondary" onClick={() => void drafts.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !analytics ? (
        <AnalyticsSkeleton />
      ) : (
        <div className="grid gap-6">
          {analytics.sample ? (
            <Alert tone="warning">
              <p className="font-medium">Sample data</p>
              <p className="mt-0.5">
                Nothing has been published yet, so every number on this page is a generated example.{' '}
                <Link to="/dashboard/content" className="font-medium underline">
                  Publish a draft
                </Link>{' '}
                to see your own.
              </p>
            </Alert>
          ) : null}
          <KpiCards analytics={analytics} />
          <div className="grid gap-6 lg:grid-cols-5">
            <SectionCard
              title="Posts per day"
              description="Published posts, last 30 days."
              className="lg:col-span-3"
              actions={analytics.sample ? <Badge tone="warning">Sample data</Badge> : null}
            >
              <DailyChart days={analytics.daily} title="Posts published per day, last 30 days" />
            </SectionCard>
            <SectionCard
              title="Channel breakdown"
              description="Share of the last 30 days' posts."
              className="lg:col-span-2"
              actions={analytics.sample ? <Badge tone="warning">Sample data</Badge> : null}
            >
              <ChannelTable channels={analytics.channels} />
            </SectionCard>
          </div>
          <div className="grid items-start gap-6 lg:grid-cols-5">
            <SectionCard
              title="Best posting times"
              description={
                analytics.sample ? 'Posts per weekday and time of day.' : `Based on all ${analytics.heatmap.basis} published posts.`
              }
              className="lg:col-span-3"
              actions={analytics.sample ? <Badge tone="warning">Sample data</Badge> : null}
            >
              <PostingHeatmap heatmap={analytics.heatmap} timeZone={timeZone} />
            </SectionCard>
            <SectionCard
              title="Top posts"
              description={
                analytics.sample || analytics.topPosts.some((post) => post.engagements !== null)
                  ? 'Ranked by likes, comments and reposts.'
                  : 'Your latest published posts: none has figures from its network yet.'
              }
              className="lg:col-span-2"
              actions={analytics.sample ? <Badge tone="warning">Sample data</Badge> : null}
            >
              <TopPosts posts={analytics.topPosts} timeZone={timeZone} />
            </SectionCard>
          </div>
          <AudienceCards audience={analytics.audience} />
        </div>
      )}
    </div>
  );
}

function AnalyticsSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading analytics…</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32 rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-80 rounded-2xl lg:col-span-3" />
        <Skeleton className="h-80 rounded-2xl lg:col-span-2" />
      </div>
    </div>
  );
}
