import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { BarChart3, CalendarClock, Clapperboard, FileText, Inbox, LayoutDashboard, Settings, Sparkles } from 'lucide-react';
import { FloatingAssistant } from '@/features/assistant/components/floating-assistant';
import { AddressConfirmationGate, isAddressProofRefusal } from '@/features/auth/components/address-confirmation-gate';
import { ChooseWorkspacePanel, WorkspaceUnavailablePanel } from '@/features/workspace-switcher/components/choose-workspace-panel';
import { ClientWorkspaceBanner, WorkspaceBanner } from '@/features/workspace-switcher/components/workspace-banner';
import { getActiveWorkspaceId } from '@/lib/active-workspace';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { workspaceQuery } from '@/lib/client-data/get-workspace';
import { ProfileDialogHost } from './profile-dialog-host';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

const ITEMS: SidebarItem[] = [
  { to: '/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/content', label: 'Content', icon: FileText },
  { to: '/dashboard/calendar', label: 'Calendar', icon: CalendarClock },
  { to: '/dashboard/content-lab', label: 'Content Lab', icon: Sparkles },
  { to: '/dashboard/video-clipper', label: 'Video Clipper', icon: Clapperboard },
  { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/dashboard/requests', label: 'Requests', icon: Inbox },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

/** A refusal of the workspace itself, as opposed to a failure to reach the server (which each page reports). */
const isRefusal = (error: Error) => error instanceof ApiError && (error.status === 403 || error.status === 404);

/**
 * The page, framed by the workspace it acts on. Staff without an active workspace choose a client
 * first; staff in a client's show whose it is above every page, and so does a teammate in the
 * owner's. A workspace the server refuses says why and offers the others, except the client's own
 * that still waits for their address proof, which asks for it.
 */
function WorkspaceContent({ email, isStaff }: { email: string; isStaff: boolean }) {
  const activeId = getActiveWorkspaceId();
  const choosing = isStaff && activeId === null;
  const workspace = useQuery({ ...workspaceQuery, retry: false, enabled: !choosing });
  if (choosing) return <ChooseWorkspacePanel />;
  if (workspace.isError && !isAddressProofRefusal(workspace.error) && (activeId !== null || isRefusal(workspace.error))) {
    return <WorkspaceUnavailablePanel message={workspace.error.message} isStaff={isStaff} chosen={activeId !== null} />;
  }
  if (workspace.data ? workspace.data.access === 'staff' : isStaff) {
    return (
      <>
        <WorkspaceBanner workspace={workspace.data} />
        <Outlet />
      </>
    );
  }
  return (
    <>
      {workspace.data ? <ClientWorkspaceBanner workspace={workspace.data} /> : null}
      <AddressConfirmationGate email={email}>
        <Outlet />
      </AddressConfirmationGate>
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
