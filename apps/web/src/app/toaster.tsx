import { Toaster } from 'sonner';

/**
 * sonner's section is a live region of its own, but it arrives with the first toast, too late for a
 * screen reader to hear that one. ToasterHost's region, in the page from the start, announces the
 * toasts; this one is silenced so that no toast is read out twice.
 */
const silenceLiveRegion = (section: HTMLElement | null) => {
  section?.setAttribute('aria-live', 'off');
};

/** The toasts, top right, each with a close button and lasting 3500 ms unless it says otherwise (errors stay). */
export default function AppToaster() {
  return <Toaster ref={silenceLiveRegion} position="top-right" richColors closeButton duration={3500} />;
}
