import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'warning';

let raised = false;
const listeners = new Set<() => void>();

/** For ToasterHost: whether a toast has been raised yet, and a way to hear of the first one. */
export const toastRaised = () => raised;
export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: Kind, message: string, options?: ExternalToast) {
  if (!raised) {
    raised = true;
    listeners.forEach((listener) => listener());
  }
  // sonner keeps toasts raised before its Toaster mounts and shows them when it does.
  void import('sonner').then(({ toast: sonner }) => sonner[kind](message, options));
}

/** sonner's toasts, loaded with the first one: most page views raise none and so never load sonner. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  // An error stays until dismissed: it may need more reading, or acting on, than a few seconds allow.
  error: (message: string, options?: ExternalToast) => show('error', message, { duration: Infinity, ...options }),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
};
