import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastRaised } from '@/lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/**
 * The toasts' live region, in the page from the start: screen readers announce changes only in a
 * live region they already know, so one that arrived with the first toast would leave it unread.
 * sonner, loaded with the first toast (lib/toast.ts), draws the toasts inside it.
 */
export function ToasterHost() {
  const needed = useSyncExternalStore(subscribeToToasts, toastRaised);
  return (
    <div role="status" aria-live="polite" aria-label="Notifications">
      {needed ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </div>
  );
}
