import { type DynamicModule, Module } from '@nestjs/common';
import { CoreModule, DatabaseModule, OutboxModule } from '@khidma/nest-kit';
import { AuthModule } from './auth/auth.module.js';
import type { IdentityConfig } from './config.js';
import { IDENTITY_DATABASE } from './database.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot({ config }),
        DatabaseModule.forService(IDENTITY_DATABASE),
        OutboxModule,
        UsersModule,
        AuthModule.forRoot(config),
      ],
    };
  }
}
