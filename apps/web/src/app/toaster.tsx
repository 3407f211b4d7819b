import { Toaster } from 'sonner';

/** The toasts, top right, each with a close button and lasting 3500 ms unless it says otherwise (errors stay). */
export default function AppToaster() {
  return <Toaster position="top-right" richColors closeButton duration={3500} />;
}
