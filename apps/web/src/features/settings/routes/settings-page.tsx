import { lazy, Suspense } from 'react';
import type { TWorkspace } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { useWorkspace } from '@/lib/client-data/get-workspace';
import { AccountCard } from '../components/account-card';
import { ApiKeysCard } from '../components/api-keys-card';
import { ChannelNotice } from '../components/channel-notice';
import { ChannelsCard } from '../components/channels-card';
import { DangerZoneCard } from '../components/danger-zone-card';
import { PreferencesCard } from '../components/preferences-card';
import { PublishingCard } from '../components/publishing-card';
import { ReviewCard } from '../components/review-card';
import { managesWorkspace, onlyManagersNote } from '@/lib/only-managers';

// The team (its list, invite form and dialogs) loads after the page's first paint, with its own data.
const TeamCard = lazy(() => import('../components/team-card'));

/**
 * The dashboard's Settings: Account, Connected channels, Workspace preferences, Review, Team (with
 * Delete workspace). What only the owner and staff change shows read-only to teammates, with why.
 */
export default function SettingsPage() {
  const workspace = useWorkspace();
  const channelsReadOnly =
    workspace.data && !managesWorkspace(workspace.data)
      ? onlyManagersNote(workspace.data.name, 'connect, refresh or remove channels')
      : null;
  return (
    <div className="mx-auto max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Your account, connected channels, workspace preferences and team.</p>
      </header>
      <div className="grid gap-6">
        <ChannelNotice />
        <AccountCard workspaceTimeZone={workspace.data?.timeZone} />
        <ChannelsCard readOnlyReason={channelsReadOnly} />
        {workspace.isPending ? (
          <SectionCard title="Workspace preferences">
            <div role="status">
              <span className="sr-only">Loading preferences…</span>
              <Skeleton className="h-24 w-full" />
            </div>
          </SectionCard>
        ) : workspace.isError ? (
          <SectionCard title="Workspace preferences">
            <Alert tone="error">Could not load your workspace: {workspace.error.message}</Alert>
          </SectionCard>
        ) : (
          <WorkspaceCards workspace={workspace.data} />
        )}
      </div>
    </div>
  );
}

function WorkspaceCards({ workspace }: { workspace: TWorkspace }) {
  return (
    <>
      <PreferencesCard workspace={workspace} />
      <ReviewCard workspace={workspace} />
      <PublishingCard workspace={workspace} />
      <Suspense
        fallback={
          <SectionCard title="Team">
            <div role="status">
              <span className="sr-only">Loading the team…</span>
              <SkeletonLines count={3} />
            </div>
          </SectionCard>
        }
      >
        <TeamCard workspace={workspace} />
      </Suspense>
      <ApiKeysCard workspace={workspace} />
      <DangerZoneCard workspace={workspace} />
    </>
  );
}
