import type { Language } from './constants.js';
import type { ContactType } from './enums.js';

/** `POST /api/contact` */
export interface ContactRequest {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  type?: ContactType;
  language?: Language;
}
export interface ContactResponse {
  id: string;
}

/** `POST /api/ai/chat` */
export interface ChatRequest {
  message: string;
  language?: Language;
  sessionId: string;
}
export interface ChatLink {
  label: string;
  /** A path inside the app (`/service/...`, `/my-bookings/...`, `/payment?...`). */
  href: string;
}
/** Answer of `POST /api/ai/chat` and `/api/ai-actions/action` (spec §7 fields plus links and the proposal). */
export interface ChatResponse {
  response: string;
  suggestions?: string[];
  links?: ChatLink[];
  /** A proposal: nothing happens until it is confirmed with its token (or a confirm word in the widget). */
  requiresConfirmation?: boolean;
  confirmationToken?: string;
  confirmationMessage?: string;
  action?: string;
  parameters?: Record<string, unknown>;
  expiresAt?: string;
  bookingId?: string;
  /** Said once when the language model could not answer and the built-in engine did. */
  notice?: string;
  language?: Language;
  /** How a confirmation ended: carried out, refused (token) or failed (the API said no). */
  outcome?: 'done' | 'refused' | 'failed';
  /** `/api/ai-actions/action` only. */
  result?: { message: string; success?: boolean };
}

/**
 * `POST /api/ai/chat` with `Accept: text/event-stream`: the answer as server-sent events, in this order:
 * `delta` frames ({@link ChatStreamDelta}) as the text comes, `reset` (no data) when the text drafted so
 * far is dropped (the model turned to a tool, or failed and the built-in engine answers), then one
 * `message` (the whole {@link ChatResponse}, its `response` the text the deltas since the last `reset`
 * spell) or one `error` ({@link ChatStreamError}), then `done`. Errors found before the stream opens
 * (validation, sign-in, rate limit) are ordinary JSON answers with their status.
 */
export const CHAT_STREAM_EVENTS = { delta: 'delta', reset: 'reset', message: 'message', error: 'error', done: 'done' } as const;
export interface ChatStreamDelta {
  text: string;
}
export interface ChatStreamError {
  code: string;
  /** In the request's language. */
  message: string;
}
