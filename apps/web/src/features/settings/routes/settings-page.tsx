import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useWorkspace } from '@/lib/client-data/get-workspace';
import { AccountCard } from '../components/account-card';
import { ChannelNotice } from '../components/channel-notice';
import { ChannelsCard } from '../components/channels-card';
import { DangerZoneCard } from '../components/danger-zone-card';
import { PreferencesCard } from '../components/preferences-card';
import { SectionCard } from '@/components/ui/section-card';

/** The dashboard's Settings: Account, Connected channels, Workspace preferences (with Delete workspace). */
export default function SettingsPage() {
  const workspace = useWorkspace();
  return (
    <div className="mx-auto max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Your account, connected channels and workspace preferences.</p>
      </header>
      <div className="grid gap-6">
        <ChannelNotice />
        <AccountCard workspaceTimeZone={workspace.data?.timeZone} />
        <ChannelsCard />
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
          <>
            <PreferencesCard workspace={workspace.data} />
            <DangerZoneCard workspace={workspace.data} />
          </>
        )}
      </div>
    </div>
  );
}
