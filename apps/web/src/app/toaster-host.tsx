import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastRaised } from '@/lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/** The toasts' container, loaded with the first toast (lib/toast.ts). */
export function ToasterHost() {
  const needed = useSyncExternalStore(subscribeToToasts, toastRaised);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
