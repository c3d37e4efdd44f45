import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, CoreModule, DatabaseModule } from '@khidma/nest-kit';
import { ChatModule } from './chat/chat.module.js';
import type { AssistantConfig } from './config.js';
import { ASSISTANT_DATABASE } from './database.js';

@Module({})
export class AppModule {
  static forRoot(config: AssistantConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot({ config }),
        // Deny by default: every route needs a verified access token unless marked @Public().
        AuthModule.forRoot(config),
        DatabaseModule.forService(ASSISTANT_DATABASE),
        ChatModule,
      ],
    };
  }
}
