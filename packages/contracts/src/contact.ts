import type { RegionCode } from './regions.js';
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
  /** The client's region: the assistant reads "tomorrow", "this weekend" in its zone and weekend. */
  region?: RegionCode;
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
 * `POST /api/ai/action` (the chat page): the reply plus the field the page reads for its state. A
 * proposal carries `proposal` (and `bookingId` for a cancel), a question for a missing detail
 * `requires`, a confirmation that did not go through `error`, one that did `result`.
 */
export interface PageActionResponse extends ChatResponse {
  proposal?: string;
  requires?: string;
  error?: string;
}

export const ASSISTANT_AUDIT_KINDS = ['proposal', 'confirmation', 'refusal', 'action'] as const;
export type AssistantAuditKind = (typeof ASSISTANT_AUDIT_KINDS)[number];

/** One line of `GET /api/ai/audit` (admins): what the assistant proposed, was refused or did, for whom. */
export interface AssistantAuditEntryDto {
  id: string;
  kind: AssistantAuditKind;
  /** Null for an anonymous caller (a refusal to act before sign-in). */
  userId: string | null;
  sessionId: string;
  /** The tool (`create_booking`, `cancel_booking`, ...). */
  action: string;
  /** As the caller sent them: a refusal may record parameters that were not even an object. */
  parameters: unknown;
  /** `ok`, or the reason of a refusal or failure (`expired`, `replayed`, `slot_taken`, ...). */
  result: string;
  /** The proposal a confirmation or an action answers. */
  proposalId: string | null;
  createdAt: string;
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
