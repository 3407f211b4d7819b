import OpenAI from 'openai';
import type { AppConfig } from '../../config.ts';

export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

/** The OpenAI-compatible service the assistant talks to (OpenAI, Ollama, vLLM, llama.cpp, LM Studio…). */
export interface AiBackend {
  client: OpenAI;
  model: string;
  /** Kept to scrub it from any upstream text we pass on. */
  apiKey: string | undefined;
}

/** Null when AI_BASE_URL is not set: the assistant routes then answer 503. */
export function createAiClient(config: Pick<AppConfig, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>): AiBackend | null {
  if (!config.AI_BASE_URL) return null;
  const client = new OpenAI({
    baseURL: config.AI_BASE_URL,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK refuses to start without one.
    apiKey: config.AI_API_KEY || 'none',
    // A chat user sees a failure at once and can resend; silent retries would double a slow model's wait.
    maxRetries: 0,
    // Until the answer starts (for a stream: until its headers); local models can be slow to load.
    timeout: 120_000,
  });
  return { client, model: config.AI_MODEL || DEFAULT_AI_MODEL, apiKey: config.AI_API_KEY };
}
