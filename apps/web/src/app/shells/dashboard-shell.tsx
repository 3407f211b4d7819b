import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { BarChart3, Clapperboard, FileText, Inbox, LayoutDashboard, Settings, Sparkles } from 'lucide-react';
import { FloatingAssistant } from '@/features/assistant/components/floating-assistant';
import { AddressConfirmationGate } from '@/features/auth/components/address-confirmation-gate';
import { ChooseWorkspacePanel, WorkspaceUnavailablePanel } from '@/features/workspace-switcher/components/choose-workspace-panel';
import { WorkspaceBanner } from '@/features/workspace-switcher/components/workspace-banner';
import { getActiveWorkspaceId } from '@/lib/active-workspace';
import { useAuth } from '@/lib/auth/use-auth';
import { workspaceQuery } from '@/lib/client-data/get-workspace';
import { ProfileDialogHost } from './profile-dialog-host';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

const ITEMS: SidebarItem[] = [
  { to: '/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/content', label: 'Content', icon: FileText },
  { to: '/dashboard/content-lab', label: 'Content Lab', icon: Sparkles },
  { to: '/dashboard/video-clipper', label: 'Video Clipper', icon: Clapperboard },
  { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/dashboard/requests', label: 'Requests', icon: Inbox },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

/**
 * The page, framed by the workspace it acts on. A tab with an active workspace (staff who opened a
 * client's) shows whose it is above every page; staff without one choose a client first; a client
 * in their own workspace sees the page as always, unless it still waits for their address proof.
 */
function WorkspaceContent({ email, isStaff }: { email: string; isStaff: boolean }) {
  const activeId = getActiveWorkspaceId();
  const workspace = useQuery({ ...workspaceQuery, retry: false, enabled: activeId !== null });
  if (activeId === null) {
    if (isStaff) return <ChooseWorkspacePanel />;
    return (
      <AddressConfirmationGate email={email}>
        <Outlet />
      </AddressConfirmationGate>
    );
  }
  if (workspace.isError) return <WorkspaceUnavailablePanel message={workspace.error.message} isStaff={isStaff} />;
  const staffAccess = workspace.data ? workspace.data.access === 'staff' : isStaff;
  return (
    <>
      {staffAccess ? <WorkspaceBanner workspace={workspace.data} /> : null}
      <Outlet />
    </>
  );
}

export function DashboardShell() {
  const { user, isStaff, signOut } = useAuth();
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <SidebarLayout
        label="Dashboard"
        items={ITEMS}
        user={{ name: user?.displayName || user?.email || '' }}
        onSignOut={async () => {
          await signOut();
          navigate('/login');
        }}
        onManageProfile={() => setProfileOpen(true)}
      >
        <WorkspaceContent email={user?.email ?? ''} isStaff={isStaff} />
      </SidebarLayout>
      <ProfileDialogHost open={profileOpen} onOpenChange={setProfileOpen} />
      {/* Staff who have not chosen a client have no workspace for the assistant to work in. */}
      {isStaff && getActiveWorkspaceId() === null ? null : <FloatingAssistant />}
    </>
  );
}
