import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { LogOut, Menu, UserCog, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { PageLoader } from '../guards/page-loader';
import { BrandMark } from './brand-mark';
import { MainRegion, SkipLink } from './skip-to-main';
import { usePhoneMenu } from './use-phone-menu';

export interface SidebarItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  end?: boolean;
}

/**
 * The dashboard and admin frame: a sidebar on wide screens; on narrower ones the same sidebar is a
 * menu that slides in, holds focus while open (usePhoneMenu), and is inert when closed, so that
 * its links, off screen, are neither tab stops nor read out.
 */
export function SidebarLayout({
  label,
  items,
  user,
  badge,
  onSignOut,
  onManageProfile,
  children,
}: {
  label: string;
  items: SidebarItem[];
  user: { name: string; email?: string };
  badge?: ReactNode;
  onSignOut: () => void;
  onManageProfile?: () => void;
  children?: ReactNode;
}) {
  // Tailwind's lg breakpoint, from which the sidebar stands beside the page.
  const { open, setOpen, wide, triggerRef, menuRef } = usePhoneMenu('(min-width: 64rem)');
  const closedOnPhone = !open && !wide;

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <SkipLink />
      <div className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <button
          ref={triggerRef}
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
          aria-expanded={open}
          aria-controls="sidebar"
          aria-label="Menu"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        </button>
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <BrandMark className="size-7" /> Hookline
        </Link>
      </div>
      {open ? <div className="fixed inset-0 z-30 bg-slate-950/40 lg:hidden" aria-hidden onClick={() => setOpen(false)} /> : null}
      <aside
        ref={menuRef}
        id="sidebar"
        inert={closedOnPhone}
        aria-hidden={closedOnPhone || undefined}
        className={cn(
          // Wider as a phone menu: the brand, a role badge and the close button need 320px in one row.
          'fixed inset-y-0 left-0 z-40 flex w-80 max-w-full flex-col border-r border-slate-200 bg-white transition-transform lg:sticky lg:top-0 lg:h-screen lg:w-64 lg:translate-x-0',
          open ? 'translate-x-0' : '-translate-x-full',
        )}
      >
        <div className="flex items-center gap-2 px-5 py-5">
          <Link to="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <BrandMark /> Hookline
          </Link>
          {badge}
          <button
            type="button"
            className="ml-auto rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label="Close menu"
            onClick={() => setOpen(false)}
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <nav aria-label={label} className="flex-1 overflow-y-auto px-3">
          <ul className="grid gap-1">
            {items.map(({ to, label: text, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden /> {text}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-4">
          <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
          {user.email ? <p className="truncate text-xs text-slate-500">{user.email}</p> : null}
          <div className="mt-3 grid gap-1">
            {onManageProfile ? (
              <SidebarAction
                icon={UserCog}
                label="Manage profile"
                onClick={() => {
                  // The dialog takes over focus, so the menu it came from closes first.
                  setOpen(false);
                  onManageProfile();
                }}
              />
            ) : null}
            <SidebarAction icon={LogOut} label="Sign out" onClick={onSignOut} />
          </div>
        </div>
      </aside>
      <MainRegion className="min-w-0 flex-1 px-4 py-6 sm:px-8 lg:py-10">
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </MainRegion>
    </div>
  );
}

function SidebarAction({ icon: Icon, label, onClick }: { icon: SidebarItem['icon']; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <Icon className="size-4" aria-hidden /> {label}
    </button>
  );
}
