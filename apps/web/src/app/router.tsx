import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicShell } from './shells/public-shell';
import { RequireAuth } from './guards/require-auth';
import { RequireStaff } from './guards/require-staff';
import { RouteError } from './route-error';
import LandingPage from '@/features/marketing/routes/landing-page';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

const loginPage = lazyPage(() => import('@/features/auth/routes/login-page'));
const signupPage = lazyPage(() => import('@/features/auth/routes/signup-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      ...['login', 'sign-in', 'signin'].map((path) => ({ path, lazy: loginPage })),
      ...['signup', 'sign-up'].map((path) => ({ path, lazy: signupPage })),
      { path: 'reset-password', lazy: lazyPage(() => import('@/features/auth/routes/reset-password-page')) },
      { path: 'onboarding', lazy: lazyPage(() => import('@/features/onboarding/routes/onboarding-page')) },
      { path: 'contact', lazy: lazyPage(() => import('@/features/marketing/routes/contact-page')) },
    ],
  },
  {
    path: '/dashboard',
    errorElement: <RouteError />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shells/dashboard-shell')).DashboardShell }),
            children: [
              { index: true, lazy: lazyPage(() => import('@/features/dashboard-overview/routes/overview-page')) },
              { path: 'content', lazy: lazyPage(() => import('@/features/content/routes/content-page')) },
              { path: 'content-lab', lazy: lazyPage(() => import('@/features/assistant/routes/content-lab-page')) },
              { path: 'video-clipper', lazy: lazyPage(() => import('@/features/clipper/routes/video-clipper-page')) },
              { path: 'analytics', lazy: lazyPage(() => import('@/features/analytics/routes/analytics-page')) },
              { path: 'settings', lazy: lazyPage(() => import('@/features/settings/routes/settings-page')) },
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
    errorElement: <RouteError />,
    children: [
      {
        element: <RequireStaff />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shells/admin-shell')).AdminShell }),
            children: [
              { index: true, lazy: lazyPage(() => import('@/features/admin/routes/overview-page')) },
              { path: 'clients', lazy: lazyPage(() => import('@/features/admin/routes/clients-page')) },
              { path: 'clients/:id', lazy: lazyPage(() => import('@/features/admin/routes/client-detail-page')) },
              { path: 'requests', lazy: lazyPage(() => import('@/features/admin/routes/requests-page')) },
              { path: 'requests/:id', lazy: lazyPage(() => import('@/features/admin/routes/request-detail-page')) },
              { path: 'settings', lazy: lazyPage(() => import('@/features/admin/routes/settings-page')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const router = createBrowserRouter(routes);
