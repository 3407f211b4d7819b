import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Crown, Menu, ShieldCheck, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth/use-auth';
import { PageLoader } from '../guards/page-loader';
import { BrandMark } from './brand-mark';
import { ProfileDialogHost } from './profile-dialog-host';
import { MainRegion, SkipLink } from './skip-to-main';
import { usePhoneMenu } from './use-phone-menu';

const SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'benefits', label: 'Benefits' },
  { id: 'services', label: 'Services' },
  { id: 'pricing', label: 'Pricing' },
];

/** Scrolls to #section after navigation, also when arriving at /#pricing from another page. */
function useScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}

export function PublicShell({ children }: { children?: ReactNode }) {
  const { loaded, user, isStaff, isFounder, signOut } = useAuth();
  const navigate = useNavigate();
  // Tailwind's md breakpoint, from which the top bar holds every link and the menu button goes.
  const { open: menuOpen, setOpen: setMenuOpen, triggerRef, menuRef } = usePhoneMenu('(min-width: 48rem)');
  const [profileOpen, setProfileOpen] = useState(false);
  useScrollToHash();

  const handleSignOut = async () => {
    await signOut();
    navigate('/login');
  };

  const accountLinks = loaded ? (
    <>
      {isStaff ? (
        <NavLink to="/admin" className={buttonClasses('ghost', 'sm')}>
          <ShieldCheck className="size-4" aria-hidden /> Admin
        </NavLink>
      ) : null}
      {user ? (
        <>
          <NavLink to="/dashboard" className={buttonClasses('ghost', 'sm')}>
            Dashboard
          </NavLink>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              // The dialog takes over focus, so the phone menu it may come from closes first.
              setMenuOpen(false);
              setProfileOpen(true);
            }}
          >
            Manage Profile
          </Button>
          <Button variant="secondary" size="sm" onClick={handleSignOut}>
            Sign Out
          </Button>
        </>
      ) : (
        <Link to="/login" className={buttonClasses('primary', 'sm')}>
          Sign In
        </Link>
      )}
      {isFounder ? (
        <Badge tone="gold">
          <Crown className="size-3" aria-hidden /> Founder
        </Badge>
      ) : null}
    </>
  ) : null;

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {/* The phone menu's focus cycles through the whole top bar: its toggle stays reachable to close it. */}
      <header ref={menuRef} className="fixed inset-x-0 top-3 z-40 px-3 sm:top-4">
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl items-center gap-2 rounded-2xl bg-white/85 px-3 py-2 shadow-lg ring-1 shadow-slate-900/5 ring-slate-200 backdrop-blur-md sm:px-4"
        >
          <Link to="/" className="mr-2 flex items-center gap-2 rounded-md font-semibold text-slate-900" aria-label="Hookline home">
            <BrandMark />
            <span className="text-lg tracking-tight">Hookline</span>
          </Link>
          <ul className="hidden items-center gap-1 md:flex">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <Link to={`/#${s.id}`} className={buttonClasses('ghost', 'sm')}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="ml-auto hidden items-center gap-1 md:flex">{accountLinks}</div>
          <button
            ref={triggerRef}
            type="button"
            className="ml-auto rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="public-mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </button>
        </nav>
        <div
          id="public-mobile-menu"
          hidden={!menuOpen}
          className="mx-auto mt-2 max-w-6xl rounded-2xl bg-white p-3 shadow-lg ring-1 ring-slate-200 md:hidden"
        >
          <ul className="grid gap-1">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <Link to={`/#${s.id}`} className={cn(buttonClasses('ghost', 'md'), 'w-full justify-start')}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">{accountLinks}</div>
        </div>
      </header>

      <MainRegion className="flex-1">
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </MainRegion>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-6 py-8 text-sm text-slate-600 sm:flex-row">
          <p>© {new Date().getFullYear()} Hookline</p>
          <p>Content operations done for you — strategy to publishing, on schedule.</p>
        </div>
      </footer>

      {loaded && isFounder && user ? (
        <aside
          aria-label="Founder shortcuts"
          className="fixed bottom-4 right-4 z-40 flex items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-xl"
        >
          <Crown className="size-4 text-amber-400" aria-hidden />
          <span className="max-w-48 truncate" title={user.email}>
            {user.email}
          </span>
          <Link to="/admin" className="rounded-md bg-white/10 px-2.5 py-1 font-medium hover:bg-white/20">
            Admin Panel
          </Link>
        </aside>
      ) : null}

      <ProfileDialogHost open={Boolean(user) && profileOpen} onOpenChange={setProfileOpen} />
    </div>
  );
}
