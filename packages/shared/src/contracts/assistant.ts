import { z } from 'zod';

/** The schema's own caps; the server enforces its smaller configured limits (ASSISTANT_MAX_MESSAGES, ASSISTANT_MAX_CHARS) as 413s. */
export const ASSISTANT_SCHEMA_MAX_MESSAGES = 500;
export const ASSISTANT_SCHEMA_MAX_CHARS = 200_000;

export const ASSISTANT_ROLES = ['user', 'assistant'] as const;

/** One turn of a conversation: who spoke and what. */
export const ZAssistantMessage = z.object({
  role: z.enum(ASSISTANT_ROLES, { error: 'Role must be user or assistant' }),
  content: z
    .string({ error: 'Message must be text' })
    .trim()
    .min(1, 'Message must not be empty')
    .max(ASSISTANT_SCHEMA_MAX_CHARS, `Message must be at most ${ASSISTANT_SCHEMA_MAX_CHARS} characters`),
});
export type TAssistantMessage = z.infer<typeof ZAssistantMessage>;

/** POST /api/assistant and POST /api/assistant/stream body. */
export const ZAssistantRequest = z.object({
  messages: z
    .array(ZAssistantMessage, { error: 'Messages must be a list of { role, content }' })
    .min(1, 'Send at least one message')
    .max(ASSISTANT_SCHEMA_MAX_MESSAGES, `Too many messages: at most ${ASSISTANT_SCHEMA_MAX_MESSAGES} per request`),
  /** Instructions placed before the conversation (Content Lab sends one). Blank means none. */
  system: z
    .string({ error: 'System prompt must be text' })
    .trim()
    .max(ASSISTANT_SCHEMA_MAX_CHARS, `System prompt must be at most ${ASSISTANT_SCHEMA_MAX_CHARS} characters`)
    .optional(),
});
export type TAssistantRequest = z.infer<typeof ZAssistantRequest>;
export type TAssistantRequestInput = z.input<typeof ZAssistantRequest>;

/** POST /api/assistant answer; an empty reply is '' (the chat shows '(no response)'). */
export const ZAssistantReply = z.object({ reply: z.string() });
export type TAssistantReply = z.infer<typeof ZAssistantReply>;

/**
 * The data of each server-sent event of POST /api/assistant/stream (text/event-stream):
 * `data: {"delta":"…"}` per piece of the reply, then `data: {"done":true}`; a failure after the
 * stream began arrives as `event: error` with `data: {"error":"…"}` and ends the stream.
 */
export const ZAssistantStreamDelta = z.object({ delta: z.string() });
export const ZAssistantStreamDone = z.object({ done: z.literal(true) });
export const ZAssistantStreamError = z.object({ error: z.string() });
export type TAssistantStreamDelta = z.infer<typeof ZAssistantStreamDelta>;
export type TAssistantStreamDone = z.infer<typeof ZAssistantStreamDone>;
export type TAssistantStreamError = z.infer<typeof ZAssistantStreamError>;
