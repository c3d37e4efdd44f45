import { Module } from '@nestjs/common';
import { NotificationSignalsModule } from './live/notification-signals.module.js';
import { NotificationStreams } from './live/notification-streams.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';

/** What the HTTP app serves: the list, marking read, and the live stream. */
@Module({
  imports: [NotificationSignalsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationStreams],
  exports: [NotificationStreams],
})
export class NotificationsApiModule {}
