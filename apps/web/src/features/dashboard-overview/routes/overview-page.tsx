import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useWorkspace } from '@/lib/client-data/get-workspace';
import { useDrafts } from '@/lib/client-data/list-drafts';
import { useSocialConnections } from '@/lib/client-data/list-social-connections';
import { useTimeZone } from '@/lib/client-data/use-time-zone';
import { managesWorkspace, onlyManagersNote } from '@/lib/only-managers';
import { ChannelHealth } from '../components/channel-health';
import { ConnectChannelPrompt } from '../components/connect-channel-prompt';
import { PostsChart } from '../components/posts-chart';
import { RecentActivity } from '../components/recent-activity';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { StatCards } from '../components/stat-cards';
import { UpcomingList } from '../components/upcoming-list';
import { hasConnectedChannel, publishedPerDay, queuedCount, recentDraftEvents, upcomingDrafts } from '../compute-overview';

/** Polls while a draft is publishing, so the activity and the chart catch the published moment. */
const PUBLISHING_POLL_MS = 1000;

/** The dashboard's Overview, from the workspace's real drafts and channels (two stat cards are sample data). */
export default function OverviewPage() {
  const drafts = useDrafts(undefined, { pollWhilePublishingMs: PUBLISHING_POLL_MS });
  const connections = useSocialConnections();
  const workspace = useWorkspace();
  // The owner and staff run the channels; a teammate sees them with who does (the server refuses them too).
  const channelsReadOnly =
    workspace.data && !managesWorkspace(workspace.data)
      ? onlyManagersNote(workspace.data.name, 'connect, refresh or manage channels')
      : null;
  const { timeZone, ready } = useTimeZone();
  const [now] = useState(() => new Date());
  const data = ready ? drafts.data : undefined;
  const unavailable = <p className="text-sm text-slate-500">Unavailable while your drafts cannot be loaded.</p>;
  const loading = (placeholder: React.ReactNode) => (drafts.isError ? unavailable : placeholder);

  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Overview</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your content pipeline at a glance.{ready ? ` Times in ${timeZone.replaceAll('_', ' ')}.` : ''}
        </p>
      </header>
      {/* The Connect a channel prompt goes first: the page waits for the channels (and who may change them) so that nothing moves down when it appears. */}
      {connections.isPending || workspace.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <div className="grid gap-6">
          {connections.isSuccess && !hasConnectedChannel(connections.data) ? (
            <ConnectChannelPrompt hasChannels={connections.data.length > 0} readOnlyReason={channelsReadOnly} />
          ) : null}
          {drafts.isError ? <Alert tone="error">Could not load your drafts: {drafts.error.message}</Alert> : null}
          <StatCards queued={data ? queuedCount(data) : undefined} />
          <div className="grid gap-6 lg:grid-cols-3">
            <SectionCard title="Posts this week" description="Published posts per day, last 7 days." className="lg:col-span-2">
              {data ? (
                <PostsChart days={publishedPerDay(data, timeZone, now, 7)} title="Posts published per day" />
              ) : (
                loading(<Skeleton className="h-60 w-full" />)
              )}
            </SectionCard>
            <ChannelHealth connections={connections} readOnlyReason={channelsReadOnly} />
          </div>
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <SectionCard title="Recent activity">
              {data ? <RecentActivity events={recentDraftEvents(data)} timeZone={timeZone} /> : loading(<SkeletonLines />)}
            </SectionCard>
            <SectionCard
              title="Upcoming"
              actions={
                <Link to="/dashboard/content" className="text-sm font-medium text-brand-700 hover:underline">
                  Open Content
                </Link>
              }
            >
              {data ? <UpcomingList drafts={upcomingDrafts(data)} timeZone={timeZone} /> : loading(<SkeletonLines />)}
            </SectionCard>
          </div>
        </div>
      )}
    </div>
  );
}
