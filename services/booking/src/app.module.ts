import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, CoreModule, DatabaseModule, OutboxModule } from '@khidma/nest-kit';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import type { BookingConfig } from './config.js';
import { ContactModule } from './contact/contact.module.js';
import { bookingDatabase } from './database/booking-database.js';
import { NotificationsModule } from './notifications/notifications.module.js';

@Module({})
export class AppModule {
  static forRoot(config: BookingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot({ config }),
        // Deny by default: every route needs a verified access token unless marked @Public().
        AuthModule.forRoot(config),
        DatabaseModule.forService(bookingDatabase),
        OutboxModule,
        CatalogueModule,
        ContactModule,
        // Embedded profile: no separate worker reads this process's in-memory queue, so the app
        // consumes its own events (with Redis, notifications-worker.main.ts does).
        ...(config.SERVICE.inlineJobs ? [NotificationsModule] : []),
      ],
    };
  }
}
