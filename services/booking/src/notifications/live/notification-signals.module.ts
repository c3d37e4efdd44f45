import { Module } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@khidma/nest-kit';
import { LocalNotificationSignals, NotificationSignals, RedisNotificationSignals } from './notification-signals.js';

/**
 * One NotificationSignals per process: the consumer (worker or embedded app) and the streams (HTTP
 * app) import this module, and Nest shares its instance, which the embedded profile relies on.
 */
@Module({
  providers: [
    {
      provide: NotificationSignals,
      useFactory: (config: ServiceConfig) =>
        config.REDIS_URL ? new RedisNotificationSignals(config.REDIS_URL, config.QUEUE_PREFIX) : new LocalNotificationSignals(),
      inject: [SERVICE_CONFIG],
    },
  ],
  exports: [NotificationSignals],
})
export class NotificationSignalsModule {}
