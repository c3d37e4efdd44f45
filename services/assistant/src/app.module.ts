import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, CoreModule, DatabaseModule } from '@khidma/nest-kit';
import { ChatModule } from './chat/chat.module.js';
import { ChatMessage } from './chat/entities/chat-message.entity.js';
import type { AssistantConfig } from './config.js';
import { CreateChatMessages1763800000000 } from './migrations/1763800000000-create-chat-messages.js';
import { AssistantActions1764500000000 } from './migrations/1764500000000-assistant-actions.js';
import { AssistantAudit } from './actions/entities/assistant-audit.entity.js';
import { AssistantProposal } from './actions/entities/assistant-proposal.entity.js';
import { AssistantSession } from './dialogue/entities/assistant-session.entity.js';

@Module({})
export class AppModule {
  static forRoot(config: AssistantConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot({ config }),
        // Deny by default: every route needs a verified access token unless marked @Public().
        AuthModule.forRoot(config),
        DatabaseModule.forService({
          service: 'assistant',
          entities: [ChatMessage, AssistantProposal, AssistantAudit, AssistantSession],
          migrations: [CreateChatMessages1763800000000, AssistantActions1764500000000],
        }),
        ChatModule,
      ],
    };
  }
}
