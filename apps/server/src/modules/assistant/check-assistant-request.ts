import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { TAssistantRequest } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';

/** The configured limits, as 413s; the body's shape was already checked by ZAssistantRequest. */
export function checkAssistantRequest(
  config: Pick<AppConfig, 'ASSISTANT_MAX_MESSAGES' | 'ASSISTANT_MAX_CHARS'>,
  request: TAssistantRequest,
): void {
  const maxMessages = config.ASSISTANT_MAX_MESSAGES;
  const maxChars = config.ASSISTANT_MAX_CHARS;
  if (request.messages.length > maxMessages) {
    throw new HttpError(413, `Too many messages: at most ${maxMessages} per request`);
  }
  const index = request.messages.findIndex((m) => m.content.length > maxChars);
  if (index >= 0) {
    throw new HttpError(413, `messages.${index}.content: Message too long: at most ${maxChars} characters per message`);
  }
  if (request.system && request.system.length > maxChars) {
    throw new HttpError(413, `system: System prompt too long: at most ${maxChars} characters`);
  }
}

/**
 * The conversation as chat-completions messages, one system message first when there is a brand
 * context or a system prompt: the brand context (readBrandContext), then a blank line, then the
 * browser's prompt, which being last reads as the more specific instruction. One message rather
 * than two, because the chat templates of some local models refuse a second system message.
 */
export function toChatMessages(request: TAssistantRequest, brandContext: string | null): ChatCompletionMessageParam[] {
  const system = [brandContext, request.system].filter(Boolean).join('\n\n');
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...request.messages.map((m) => ({ role: m.role, content: m.content })),
  ];
}
