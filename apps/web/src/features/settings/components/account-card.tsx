import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut, UserCog } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { browserTimeZone } from '@/lib/zoned-time';
import { SectionCard } from '@/components/ui/section-card';

// NOTE: features must not import from app/, so the page opens the profile feature's dialog itself
// (loaded on first use, as app/shells/profile-dialog-host.tsx does for the sidebar).
const EditProfileDialog = lazy(() => import('@/features/profile/components/edit-profile-dialog'));

/** Settings' Account card: email, time zone, Manage profile, Sign out. */
export function AccountCard({ workspaceTimeZone }: { workspaceTimeZone: string | null | undefined }) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  const ownZone = browserTimeZone();

  return (
    <SectionCard title="Account" description="How you sign in, and the time zone your dates are shown in.">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">Email</dt>
          <dd className="mt-0.5 break-all text-slate-900">{user?.email}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Time zone</dt>
          <dd className="mt-0.5 text-slate-900">
            <span>{ownZone}</span> <span className="text-slate-500">(this browser)</span>
          </dd>
          {workspaceTimeZone && workspaceTimeZone !== ownZone ? (
            <dd className="mt-1 text-xs text-amber-800">Your workspace schedules in {workspaceTimeZone} (workspace override).</dd>
          ) : null}
        </div>
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setProfileOpen(true)}>
          <UserCog className="size-4" aria-hidden /> Manage profile
        </Button>
        <Button
          variant="ghost"
          onClick={async () => {
            await signOut();
            navigate('/login');
          }}
        >
          <LogOut className="size-4" aria-hidden /> Sign out
        </Button>
      </div>
      {profileOpen ? (
        <Suspense fallback={null}>
          <EditProfileDialog open onOpenChange={setProfileOpen} />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}
