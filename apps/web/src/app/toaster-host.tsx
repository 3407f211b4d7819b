import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastRaised } from '@/lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/**
 * The toasts' live region, in the page from the start: screen readers announce changes only in a
 * live region they already know, so one that arrived with the first toast would leave it unread.
 * sonner, loaded with the first toast (lib/toast.ts), draws the toasts inside it, in a live region
 * of its own that AppToaster silences. Like sonner's, it reads each new toast alone (not atomic),
 * where role=status by itself would reread every toast on the screen.
 */
export function ToasterHost() {
  const needed = useSyncExternalStore(subscribeToToasts, toastRaised);
  return (
    <div role="status" aria-live="polite" aria-atomic="false" aria-relevant="additions text" aria-label="Notifications">
      {needed ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </div>
  );
}
