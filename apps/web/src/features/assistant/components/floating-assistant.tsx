import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { useAssistantChat } from '../hooks/use-assistant-chat';

/** Content Lab is the assistant's own page: no floating button there. */
export const isContentLab = (pathname: string) => /^\/dashboard\/content-lab\/?$/.test(pathname);

const loadPanel = () => import('./assistant-panel');
const AssistantPanel = lazy(loadPanel);

const LAUNCHER_CLASS =
  'fixed bottom-6 right-6 z-20 grid size-14 place-items-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * The AI assistant button at the bottom right of every dashboard page but Content Lab. Its panel
 * (AssistantPanel, with Radix) loads on the first open, so dashboard pages do not wait for it; the
 * conversation is kept while the user moves between pages.
 */
export function FloatingAssistant() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [panelWanted, setPanelWanted] = useState(false);
  // Lives here, not in the panel, so closing the panel keeps the conversation (and a reply being written).
  const chat = useAssistantChat();

  if (isContentLab(pathname)) return null;
  // Until the panel has loaded: a launcher that asks for it (and starts loading it when pointed at).
  const launcher = (
    <button
      type="button"
      aria-label="Open AI assistant"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={LAUNCHER_CLASS}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => {
        setPanelWanted(true);
        setOpen(true);
      }}
    >
      <MessageCircle className="size-6" aria-hidden />
    </button>
  );
  if (!panelWanted) return launcher;
  return (
    <Suspense fallback={launcher}>
      <AssistantPanel open={open} onOpenChange={setOpen} chat={chat} launcherClassName={LAUNCHER_CLASS} />
    </Suspense>
  );
}
