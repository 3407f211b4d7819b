import { useRef } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { MessageCircle, RotateCcw, X } from 'lucide-react';
import type { AssistantChat as Chat } from '../hooks/use-assistant-chat';
import { AssistantChat } from './assistant-chat';

/**
 * The floating assistant's launcher and panel, a non-modal dialog: Escape, its close button or the
 * launcher close it and focus returns to the launcher. Loaded on the first open (FloatingAssistant).
 */
export default function AssistantPanel({
  open,
  onOpenChange,
  chat,
  launcherClassName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chat: Chat;
  launcherClassName: string;
}) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <RadixDialog.Trigger aria-label="Open AI assistant" className={launcherClassName}>
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
