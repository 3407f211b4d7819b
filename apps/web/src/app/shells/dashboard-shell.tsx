import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BarChart3, Clapperboard, FileText, LayoutDashboard, Settings, Sparkles } from 'lucide-react';
import { FloatingAssistant } from '@/features/assistant/components/floating-assistant';
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

export function DashboardShell() {
  const { user, signOut } = useAuth();
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
      />
      <ProfileDialogHost open={profileOpen} onOpenChange={setProfileOpen} />
      <FloatingAssistant />
    </>
  );
}
