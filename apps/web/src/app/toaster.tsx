import { Toaster } from 'sonner';

/** The toasts' container: top right, each toast closable and lasting 3500 ms unless it says otherwise. */
export default function AppToaster() {
  return <Toaster position="top-right" richColors closeButton duration={3500} />;
}
