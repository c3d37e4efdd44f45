import { type DynamicModule, Module } from '@nestjs/common';
import { CoreModule, DatabaseModule } from '@khidma/nest-kit';
import type { BookingConfig } from './config.js';
import { bookingDatabase } from './database/booking-database.js';
import { NotificationsModule } from './notifications/notifications.module.js';

/** The notifications worker: no HTTP, just the database, the queues and the event consumer. */
@Module({})
export class WorkerModule {
  static forRoot(config: BookingConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [CoreModule.forRoot({ config, health: false }), DatabaseModule.forService(bookingDatabase), NotificationsModule],
    };
  }
}
