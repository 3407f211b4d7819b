import { Toaster } from 'sonner';

/** SPEC section 9: toasts last 3500 ms by default. */
export default function AppToaster() {
  return <Toaster position="top-right" richColors closeButton duration={3500} />;
}
