import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@khidma/nest-kit';
import type { AssistantConfig } from '../config.js';
import { ChatController } from './chat.controller.js';
import { ChatService } from './chat.service.js';
import { AssistantEngine } from './engines/assistant-engine.js';
import { IntentEngine } from './engines/intent-engine.js';
import { OpenAiEngine } from './engines/openai-engine.js';
import { ChatMessage } from './entities/chat-message.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([ChatMessage])],
  controllers: [ChatController],
  providers: [
    ChatService,
    IntentEngine,
    {
      provide: AssistantEngine,
      inject: [SERVICE_CONFIG, IntentEngine],
      useFactory: (config: AssistantConfig, intents: IntentEngine) =>
        config.OPENAI_API_KEY ? new OpenAiEngine(config, intents) : intents,
    },
  ],
})
export class ChatModule {}
