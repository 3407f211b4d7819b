import { useRef } from 'react';
import { Captions, FileText, Clapperboard, Zap, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AssistantChat } from '../components/assistant-chat';
import { CONTENT_LAB_STARTERS, CONTENT_LAB_SYSTEM_PROMPT } from '../content-lab-prompts';
import { useAssistantChat } from '../hooks/use-assistant-chat';

const STARTER_ICONS = [FileText, Zap, Clapperboard, Captions];

/** /dashboard/content-lab: the AI chat for posts, hooks, scripts and captions. */
export default function ContentLabPage() {
  const chat = useAssistantChat({ system: CONTENT_LAB_SYSTEM_PROMPT, fallbackError: 'Failed to reply' });
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const start = (prompt: string) => {
    chat.setDraft(prompt);
    // After React has put the text in, so the caret lands at its end, ready for the topic.
    requestAnimationFrame(() => {
      const box = textareaRef.current;
      if (!box) return;
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
    });
  };

  return (
    <div className="flex h-[calc(100dvh-8rem)] min-h-[28rem] flex-col lg:h-[calc(100dvh-5rem)]">
      <header className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Content Lab</h1>
          <p className="mt-1 text-sm text-slate-600">AI chat for posts, hooks, scripts and captions.</p>
        </div>
        {chat.messages.length > 0 ? (
          <Button variant="secondary" size="sm" onClick={chat.clear}>
            <RotateCcw className="size-4" aria-hidden /> New chat
          </Button>
        ) : null}
      </header>
      <div role="group" aria-label="Quick starters" className="mb-4 flex flex-wrap gap-2">
        {CONTENT_LAB_STARTERS.map(({ label, prompt }, index) => {
          const Icon = STARTER_ICONS[index];
          return (
            <Button key={label} variant="secondary" size="sm" onClick={() => start(prompt)}>
              <Icon className="size-4" aria-hidden /> {label}
            </Button>
          );
        })}
      </div>
      <AssistantChat
        chat={chat}
        textareaRef={textareaRef}
        className="flex-1 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        emptyState={
          <div className="grid h-full place-content-center text-center">
            <p className="font-medium text-slate-900">What are we making today?</p>
            <p className="mt-1">Pick a starter above or describe what you need: a post, hooks, a script or a caption.</p>
          </div>
        }
      />
    </div>
  );
}
