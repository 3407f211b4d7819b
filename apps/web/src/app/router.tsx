import { lazy, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicShell } from './shells/public-shell';
import { RequireAuth } from './guards/require-auth';
import { RequireStaff } from './guards/require-staff';
import { QueryRoot } from './query-root';
import { RouteErrorBoundary } from './route-error';
import LandingPage from '@/features/marketing/routes/landing-page';

// NOTE: declarative routes (useRoutes) rather than createBrowserRouter: the data router is about
// 15 KB gzipped more, which the landing page's 100 KB budget cannot carry (docs/performance.md).
// Every page but the landing is a chunk of its own, loaded when first shown; the shells' Suspense
// boundaries keep the current page on screen while the next one loads (navigations are transitions).
interface RouteHandle {
  preload?: () => Promise<unknown>;
}

/** A route whose component is a chunk of its own; its loader is kept so that AppRoutes can start it early. */
function lazyRoute(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(load);
  return { element: <Page />, handle: { preload: load } satisfies RouteHandle };
}

const loginPage = lazyRoute(() => import('@/features/auth/routes/login-page'));
const signupPage = lazyRoute(() => import('@/features/auth/routes/signup-page'));
const resetPasswordPage = lazyRoute(() => import('@/features/auth/routes/reset-password-page'));
const onboardingPage = lazyRoute(() => import('@/features/onboarding/routes/onboarding-page'));
const contactPage = lazyRoute(() => import('@/features/marketing/routes/contact-page'));

const dashboardShell = lazyRoute(() => import('./shells/dashboard-shell').then((m) => ({ default: m.DashboardShell })));
const dashboardOverviewPage = lazyRoute(() => import('@/features/dashboard-overview/routes/overview-page'));
const contentPage = lazyRoute(() => import('@/features/content/routes/content-page'));
const calendarPage = lazyRoute(() => import('@/features/calendar/routes/calendar-page'));
const contentLabPage = lazyRoute(() => import('@/features/assistant/routes/content-lab-page'));
const videoClipperPage = lazyRoute(() => import('@/features/clipper/routes/video-clipper-page'));
const analyticsPage = lazyRoute(() => import('@/features/analytics/routes/analytics-page'));
const dashboardSettingsPage = lazyRoute(() => import('@/features/settings/routes/settings-page'));
const dashboardRequestsPage = lazyRoute(() => import('@/features/requests/routes/requests-page'));

const adminShell = lazyRoute(() => import('./shells/admin-shell').then((m) => ({ default: m.AdminShell })));
const adminOverviewPage = lazyRoute(() => import('@/features/admin/routes/overview-page'));
const clientsPage = lazyRoute(() => import('@/features/admin/routes/clients-page'));
const clientDetailPage = lazyRoute(() => import('@/features/admin/routes/client-detail-page'));
const requestsPage = lazyRoute(() => import('@/features/admin/routes/requests-page'));
const adminCalendarPage = lazyRoute(() => import('@/features/admin/routes/calendar-page'));
const adminChannelsPage = lazyRoute(() => import('@/features/admin/routes/channels-page'));
const requestDetailPage = lazyRoute(() => import('@/features/admin/routes/request-detail-page'));
const adminSettingsPage = lazyRoute(() => import('@/features/admin/routes/settings-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <PublicShell />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <QueryRoot />,
        children: [
          ...['login', 'sign-in', 'signin'].map((path) => ({ path, ...loginPage })),
          ...['signup', 'sign-up'].map((path) => ({ path, ...signupPage })),
          { path: 'reset-password', ...resetPasswordPage },
          { path: 'onboarding', ...onboardingPage },
          { path: 'contact', ...contactPage },
          { path: 'invitation', ...lazyRoute(() => import('@/features/auth/routes/accept-invitation-page')) },
          { path: 'review', ...lazyRoute(() => import('@/features/review/routes/review-page')) },
        ],
      },
    ],
  },
  {
    path: '/dashboard',
    element: <RouteErrorBoundary />,
    children: [
      {
        element: <QueryRoot />,
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                ...dashboardShell,
                children: [
                  { index: true, ...dashboardOverviewPage },
                  { path: 'content', ...contentPage },
                  { path: 'calendar', ...calendarPage },
                  { path: 'content-lab', ...contentLabPage },
                  { path: 'video-clipper', ...videoClipperPage },
                  { path: 'analytics', ...analyticsPage },
                  { path: 'requests', ...dashboardRequestsPage },
                  { path: 'settings', ...dashboardSettingsPage },
                ],
              },
            ],
          },
        ],
      },
      // Unknown dashboard paths go to /dashboard before any sign-in check.
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
  {
    path: '/admin',
    element: <RouteErrorBoundary />,
    children: [
      {
        element: <QueryRoot />,
        children: [
          {
            element: <RequireStaff />,
            children: [
              {
                ...adminShell,
                children: [
                  { index: true, ...adminOverviewPage },
                  { path: 'clients', ...clientsPage },
                  { path: 'clients/:id', ...clientDetailPage },
                  { path: 'requests', ...requestsPage },
                  { path: 'requests/:id', ...requestDetailPage },
                  { path: 'calendar', ...adminCalendarPage },
                  { path: 'channels', ...adminChannelsPage },
                  { path: 'settings', ...adminSettingsPage },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export function AppRoutes() {
  const location = useLocation();
  // Request every chunk the URL needs at once, rather than each page after its shell has rendered.
  useMemo(() => {
    for (const { route } of matchRoutes(routes, location.pathname) ?? []) {
      (route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined);
    }
  }, [location.pathname]);
  return useRoutes(routes, location);
}
