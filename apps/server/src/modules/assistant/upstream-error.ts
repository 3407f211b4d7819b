import OpenAI from 'openai';
import { HttpError } from '../../lib/http-error.ts';

/** True when the request was cancelled on purpose (the browser went away). */
export function isAbort(error: unknown): boolean {
  return error instanceof OpenAI.APIUserAbortError || (error instanceof Error && error.name === 'AbortError');
}

const MAX_DETAIL = 300;

/** Upstream text can quote credentials (OpenAI's "Incorrect API key provided: sk-…"): never pass them on. */
function scrub(text: string, apiKey: string | undefined): string {
  let out = text;
  if (apiKey && apiKey.length >= 4) out = out.split(apiKey).join('[redacted]');
  out = out.replace(/\b(sk|pk|rk)-[A-Za-z0-9_*.-]{4,}/g, '[redacted]');
  out = out.replace(/Bearer\s+\S+/gi, 'Bearer [redacted]');
  return out.length > MAX_DETAIL ? `${out.slice(0, MAX_DETAIL)}…` : out;
}

/** The upstream's own message: OpenAI sends { error: { message } }, Ollama and others { error: "…" }. */
function upstreamMessage(error: InstanceType<typeof OpenAI.APIError>): string | undefined {
  const body: unknown = error.error;
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}

/** Any failure of the AI service as a 502 the user can read. */
export function toUpstreamError(error: unknown, apiKey: string | undefined): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new HttpError(502, 'The AI service did not answer in time. Please try again.');
  if (error instanceof OpenAI.APIConnectionError) return new HttpError(502, 'Could not reach the AI service. Please try again later.');
  if (error instanceof OpenAI.APIError) {
    const detail = upstreamMessage(error);
    const head = error.status ? `The AI service failed (HTTP ${error.status})` : 'The AI service failed';
    return new HttpError(502, detail ? `${head}: ${scrub(detail, apiKey)}` : `${head}.`);
  }
  return new HttpError(502, 'The AI service sent an answer we could not read.');
}
