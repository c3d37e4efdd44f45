import { type DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EmailConsumer, type ServiceConfig } from '@khidma/nest-kit';

/** The e-mail worker: no HTTP and no database, only the e-mail queue and the mail transport. */
@Module({})
export class MailerModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: MailerModule,
      imports: [CoreModule.forRoot({ config, health: false })],
      providers: [EmailConsumer],
    };
  }
}
