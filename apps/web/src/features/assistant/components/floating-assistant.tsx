import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { MessageCircle, RotateCcw, X } from 'lucide-react';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { AssistantChat } from './assistant-chat';

/** Content Lab is the assistant's own page: no floating button there (SPEC: Dashboard shell). */
export const isContentLab = (pathname: string) => /^\/dashboard\/content-lab\/?$/.test(pathname);

/**
 * The AI assistant button at the bottom right of every dashboard page but Content Lab. Its panel
 * is a non-modal dialog: Escape closes it and focus returns to the button; the conversation is
 * kept while the user moves between pages.
 */
export function FloatingAssistant() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Lives here, not in the panel, so closing the panel keeps the conversation (and a reply being written).
  const chat = useAssistantChat();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  if (isContentLab(pathname)) return null;
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <RadixDialog.Trigger
        aria-label="Open AI assistant"
        className="fixed bottom-6 right-6 z-20 grid size-14 place-items-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {open ? <X className="size-6" aria-hidden /> : <MessageCircle className="size-6" aria-hidden />}
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          // The page stays usable beside the panel; it closes by Escape, its close button or the launcher.
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            textareaRef.current?.focus();
          }}
          className="fixed bottom-24 right-4 z-40 flex h-[min(36rem,calc(100dvh-8rem))] w-[min(26rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-200 focus:outline-none sm:right-6"
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="flex-1 text-base font-semibold text-slate-900">AI assistant</RadixDialog.Title>
            {chat.messages.length > 0 ? (
              <button
                type="button"
                onClick={chat.clear}
                className="flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <RotateCcw className="size-4" aria-hidden /> New chat
              </button>
            ) : null}
            <RadixDialog.Close
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close AI assistant"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <AssistantChat
            chat={chat}
            textareaRef={textareaRef}
            placeholder="Ask the assistant…"
            className="min-h-0 flex-1"
            emptyState={<p>Ask for ideas, a post, hooks, a script or a caption. Replies appear as they are written.</p>}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
