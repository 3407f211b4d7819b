import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { BarChart3, Clapperboard, FileText, LayoutDashboard, Settings, Sparkles } from 'lucide-react';
import { FloatingAssistant } from '@/features/assistant/components/floating-assistant';
import { AddressConfirmationGate } from '@/features/auth/components/address-confirmation-gate';
import { Alert } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth/use-auth';
import { ProfileDialogHost } from './profile-dialog-host';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

const ITEMS: SidebarItem[] = [
  { to: '/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/content', label: 'Content', icon: FileText },
  { to: '/dashboard/content-lab', label: 'Content Lab', icon: Sparkles },
  { to: '/dashboard/video-clipper', label: 'Video Clipper', icon: Clapperboard },
  { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

/** Staff have no client workspace (the server answers 403): say so above the page. */
function StaffNotice() {
  return (
    <Alert tone="info" className="mb-6">
      You are signed in as Hookline staff. Client pages need a client account;{' '}
      <Link to="/admin" className="font-medium underline">
        open the admin console
      </Link>
      .
    </Alert>
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
        {isStaff ? (
          <>
            <StaffNotice />
            <Outlet />
          </>
        ) : (
          <AddressConfirmationGate email={user?.email ?? ''}>
            <Outlet />
          </AddressConfirmationGate>
        )}
      </SidebarLayout>
      <ProfileDialogHost open={profileOpen} onOpenChange={setProfileOpen} />
      <FloatingAssistant />
    </>
  );
}
