import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Send, Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { AssistantChat as Chat, ChatMessage } from '../hooks/use-assistant-chat';

const ROLE_LABEL = { user: 'You', assistant: 'Assistant' } as const;

function MessageBody({ message }: { message: ChatMessage }) {
  if (message.status === 'streaming' && !message.content) {
    return <span className="animate-pulse text-slate-500">Writing…</span>;
  }
  const empty = !message.content && message.role === 'assistant';
  return (
    <>
      {message.content ? <p className="whitespace-pre-wrap break-words">{message.content}</p> : null}
      {empty && message.status === 'done' ? <p className="italic text-slate-500">(no response)</p> : null}
      {empty && message.status === 'stopped' ? <p className="italic text-slate-500">(stopped)</p> : null}
      {message.status === 'error' ? <p className="text-red-700">Error: {message.error}</p> : null}
    </>
  );
}

/**
 * The conversation and its composer, for Content Lab and the floating assistant: Enter sends,
 * Shift+Enter starts a new line, nothing is sent while a reply is being written.
 */
export function AssistantChat({
  chat,
  emptyState,
  placeholder = 'Ask for a post, hooks, a script or a caption…',
  textareaRef,
  className,
}: {
  chat: Chat;
  emptyState?: ReactNode;
  placeholder?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}) {
  const inputId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const { messages, pending, draft } = chat;
  const canSend = !pending && draft.trim().length > 0;

  // Follows the reply as it is written.
  const lastContent = messages.at(-1)?.content;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, lastContent]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    chat.send();
  };

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      {messages.length === 0 && emptyState ? <div className="flex-1 overflow-y-auto p-4 text-sm text-slate-600">{emptyState}</div> : null}
      <ol
        ref={listRef}
        role="log"
        aria-label="Conversation"
        aria-busy={pending}
        className={cn('grid flex-1 content-start gap-3 overflow-y-auto p-4', messages.length === 0 && emptyState ? 'hidden' : '')}
      >
        {messages.map((message) => (
          <li key={message.id} className={cn('flex flex-col gap-1', message.role === 'user' ? 'items-end' : 'items-start')}>
            <span className="text-xs font-medium text-slate-500">{ROLE_LABEL[message.role]}</span>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm',
                message.role === 'user' ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900',
                message.status === 'error' ? 'ring-1 ring-red-200' : '',
              )}
            >
              <MessageBody message={message} />
            </div>
          </li>
        ))}
      </ol>
      <form
        className="flex items-end gap-2 border-t border-slate-200 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          chat.send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          ref={textareaRef}
          rows={2}
          value={draft}
          onChange={(event) => chat.setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-describedby={`${inputId}-hint`}
          className="block max-h-40 min-h-11 w-full flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <span id={`${inputId}-hint`} className="sr-only">
          Enter sends, Shift+Enter starts a new line.
        </span>
        {pending ? (
          <Button variant="secondary" onClick={chat.stop} aria-label="Stop">
            <Square className="size-4" aria-hidden />
            <span className="hidden sm:inline">Stop</span>
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSend} aria-label="Send">
          <Send className="size-4" aria-hidden />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </form>
    </div>
  );
}
