import type { Language } from '@khidma/contracts';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface EngineInput {
  message: string;
  language: Language;
  /** The session's earlier messages, oldest first. */
  history: ChatTurn[];
}

export interface ChatReply {
  response: string;
  /** Follow-up questions the widget offers as buttons. */
  suggestions?: string[];
}

/** What answers a chat message: the built-in intent engine or a language model (ARCHITECTURE §4). */
export abstract class AssistantEngine {
  abstract reply(input: EngineInput): Promise<ChatReply>;
}
