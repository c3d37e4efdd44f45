import type { DatabaseDefinition } from '@khidma/nest-kit';
import { AssistantAudit } from './actions/entities/assistant-audit.entity.js';
import { AssistantProposal } from './actions/entities/assistant-proposal.entity.js';
import { ChatMessage } from './chat/entities/chat-message.entity.js';
import { AssistantSession } from './dialogue/entities/assistant-session.entity.js';
import { CreateChatMessages1763800000000 } from './migrations/1763800000000-create-chat-messages.js';
import { AssistantActions1764500000000 } from './migrations/1764500000000-assistant-actions.js';

/** The assistant's own database: the app and the migration Job connect through this one definition. */
export const ASSISTANT_DATABASE: DatabaseDefinition = {
  service: 'assistant',
  entities: [ChatMessage, AssistantProposal, AssistantAudit, AssistantSession],
  migrations: [CreateChatMessages1763800000000, AssistantActions1764500000000],
};
