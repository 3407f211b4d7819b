import { useNavigate } from 'react-router';
import { CalendarClock, Crown, Inbox, LayoutDashboard, Plug, Settings, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth/use-auth';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

const ITEMS: SidebarItem[] = [
  { to: '/admin', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/admin/clients', label: 'Clients', icon: Users },
  { to: '/admin/requests', label: 'Requests', icon: Inbox },
  { to: '/admin/calendar', label: 'Calendar', icon: CalendarClock },
  { to: '/admin/channels', label: 'Channels', icon: Plug },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

export function AdminShell() {
  const { user, isFounder, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <SidebarLayout
      label="Admin"
      items={ITEMS}
      user={{ name: user?.displayName || user?.email || '', email: user?.email }}
      badge={
        isFounder ? (
          <Badge tone="gold" className="ml-auto">
            <Crown className="size-3" aria-hidden /> Founder
          </Badge>
        ) : null
      }
      onSignOut={async () => {
        await signOut();
        navigate('/');
      }}
    />
  );
}
