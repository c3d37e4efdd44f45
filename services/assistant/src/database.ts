import type { DatabaseDefinition } from '@khidma/nest-kit';
import { ChatMessage } from './chat/entities/chat-message.entity.js';
import { CreateChatMessages1763800000000 } from './migrations/1763800000000-create-chat-messages.js';

/** The assistant's own database: the app and the migration Job connect through this one definition. */
export const ASSISTANT_DATABASE: DatabaseDefinition = {
  service: 'assistant',
  entities: [ChatMessage],
  migrations: [CreateChatMessages1763800000000],
};
