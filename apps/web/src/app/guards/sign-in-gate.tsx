import { lazy, Suspense } from 'react';
import { PublicShell } from '../shells/public-shell';
import { PageLoader } from './page-loader';

const LoginForm = lazy(() => import('@/features/auth/components/login-form').then((m) => ({ default: m.LoginForm })));

/** The sign-in screen in place of a guarded page; after sign-in the visitor returns to returnTo. */
export function SignInGate({ returnTo }: { returnTo: string }) {
  return (
    <PublicShell>
      <Suspense fallback={<PageLoader />}>
        <LoginForm redirectTo={returnTo} />
      </Suspense>
    </PublicShell>
  );
}
