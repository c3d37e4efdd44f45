import type { Language } from '@khidma/contracts';
import type { Actor } from '../../actions/actions.service.js';
import type { AssistantReply } from '../../dialogue/dialogue.types.js';
import type { Intent } from '../../nlu/nlu.js';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** Where an engine that streams writes its text as it comes (the chat's event stream). */
export interface ReplyDraft {
  write(text: string): void;
  /** The text written so far will not be the answer (the model turned to a tool, or failed). */
  discard(): void;
}

export interface EngineInput {
  message: string;
  language: Language;
  /** The session's earlier messages, oldest first. */
  history: ChatTurn[];
  /** Who asks (signed in or not) and in which session: tools act with this identity only. */
  actor: Actor;
  /** The page's action endpoint names the intent itself. */
  forcedIntent?: Intent;
  /** The booking the page's action is about. */
  bookingId?: string;
  /** Set by the language model's engine when it falls back to the built-in one. */
  modelDown?: boolean;
  /** Set when the client reads the answer as a stream. */
  draft?: ReplyDraft;
}

/** What answers a chat message: the built-in engine or a language model (ARCHITECTURE §4). */
export abstract class AssistantEngine {
  abstract reply(input: EngineInput): Promise<AssistantReply>;
}
