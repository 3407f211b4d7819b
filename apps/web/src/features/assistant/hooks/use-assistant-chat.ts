import { useEffect, useRef, useState } from 'react';
import type { TAssistantMessage } from '@hookline/shared';
import { errorMessage } from '@/lib/api-client';

export interface ChatMessage {
  id: number;
  role: TAssistantMessage['role'];
  content: string;
  /** streaming: being written; stopped: the user stopped it; error: see error. */
  status: 'done' | 'streaming' | 'stopped' | 'error';
  error?: string;
}

export interface AssistantChat {
  messages: ChatMessage[];
  /** A reply is being written: nothing can be sent until it is done. */
  pending: boolean;
  draft: string;
  setDraft: (text: string) => void;
  /** Sends the draft (or text) trimmed; false when it is blank or a reply is pending. */
  send: (text?: string) => boolean;
  /** Stops the reply being written, keeping what arrived. */
  stop: () => void;
  /** Starts over (stopping any reply being written). */
  clear: () => void;
}

/** How many earlier messages go with each question (the server refuses more than ASSISTANT_MAX_MESSAGES, 50 by default). */
export const HISTORY_LIMIT = 20;

/**
 * One conversation with the assistant, shared by Content Lab and the floating assistant. Replies
 * stream in; only trimmed, non-empty messages are sent, and not while a reply is pending.
 */
export function useAssistantChat({
  system,
  fallbackError = 'Failed to reply',
}: { system?: string; fallbackError?: string } = {}): AssistantChat {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState('');
  // The truth for "a reply is pending" within one tick (a double Enter must not send twice).
  const inFlight = useRef<{ controller: AbortController; answerId: number } | null>(null);
  const nextId = useRef(1);

  const update = (id: number, change: (m: ChatMessage) => Partial<ChatMessage>) =>
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change(m) } : m)));

  /** Ends the reply in hand at once, whatever the network still does. */
  const settle = (controller: AbortController, change: (m: ChatMessage) => Partial<ChatMessage>) => {
    if (inFlight.current?.controller !== controller) return;
    update(inFlight.current.answerId, change);
    inFlight.current = null;
    setPending(false);
  };

  const send = (text?: string) => {
    const content = (text ?? draft).trim();
    if (!content || inFlight.current) return false;
    const earlier: TAssistantMessage[] = messages
      .filter((m) => m.content.trim() && (m.status === 'done' || m.status === 'stopped'))
      .map(({ role, content: c }) => ({ role, content: c }));
    const question: ChatMessage = { id: nextId.current++, role: 'user', content, status: 'done' };
    const answer: ChatMessage = { id: nextId.current++, role: 'assistant', content: '', status: 'streaming' };
    setMessages((list) => [...list, question, answer]);
    setDraft('');
    setPending(true);

    const controller = new AbortController();
    inFlight.current = { controller, answerId: answer.id };
    // The stream reader (with its zod schemas) loads on the first question, not with every dashboard page.
    import('../api/stream-assistant')
      .then(({ streamAssistant }) =>
        streamAssistant(
          { messages: [...earlier.slice(-(HISTORY_LIMIT - 1)), { role: 'user', content }], ...(system ? { system } : {}) },
          {
            signal: controller.signal,
            onDelta: (delta) => {
              if (!controller.signal.aborted) update(answer.id, (m) => ({ content: m.content + delta }));
            },
          },
        ),
      )
      .then(
        () => settle(controller, () => ({ status: 'done' })),
        (error: unknown) => settle(controller, () => ({ status: 'error', error: errorMessage(error, fallbackError) })),
      );
    return true;
  };

  const stop = () => {
    const current = inFlight.current;
    if (!current) return;
    settle(current.controller, () => ({ status: 'stopped' }));
    current.controller.abort();
  };

  const clear = () => {
    inFlight.current?.controller.abort();
    inFlight.current = null;
    setPending(false);
    setMessages([]);
  };

  // Leaving the page stops the reply: the server then stops the AI service too.
  useEffect(() => () => inFlight.current?.controller.abort(), []);

  return { messages, pending, draft, setDraft, send, stop, clear };
}
