import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock, SERVICE_CONFIG } from '@khidma/nest-kit';
import { ActionsService } from '../actions/actions.service.js';
import { AssistantAudit } from '../actions/entities/assistant-audit.entity.js';
import { AssistantProposal } from '../actions/entities/assistant-proposal.entity.js';
import type { AssistantConfig } from '../config.js';
import { DialogueEngine } from '../dialogue/dialogue.engine.js';
import { AssistantSession } from '../dialogue/entities/assistant-session.entity.js';
import { ChatController } from './chat.controller.js';
import { ChatService } from './chat.service.js';
import { AssistantEngine } from './engines/assistant-engine.js';
import { EmbeddedEngine } from './engines/embedded-engine.js';
import { OpenAiEngine } from './engines/openai-engine.js';
import { ChatMessage } from './entities/chat-message.entity.js';
import { AssistantRateLimitGuard } from './rate-limit.guard.js';

@Module({
  imports: [TypeOrmModule.forFeature([ChatMessage, AssistantProposal, AssistantAudit, AssistantSession])],
  controllers: [ChatController],
  providers: [
    Clock,
    ChatService,
    ActionsService,
    DialogueEngine,
    EmbeddedEngine,
    AssistantRateLimitGuard,
    {
      provide: AssistantEngine,
      inject: [SERVICE_CONFIG, EmbeddedEngine, DialogueEngine],
      useFactory: (config: AssistantConfig, embedded: EmbeddedEngine, dialogue: DialogueEngine) =>
        config.OPENAI_API_KEY ? new OpenAiEngine(config, embedded, dialogue) : embedded,
    },
  ],
})
export class ChatModule {}
