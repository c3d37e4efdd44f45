import { Module } from '@nestjs/common';
import { OutboxModule } from '@khidma/nest-kit';
import { ChatDigestConsumer, ChatMessageNotificationsHandler } from '../conversations/chat-notifications.js';
import { DisputeNotificationsHandler } from '../disputes/dispute-notifications.handler.js';
import { DOMAIN_EVENT_HANDLERS, type DomainEventHandler } from './domain-event-handler.js';
import { DomainEventsConsumer } from './domain-events.consumer.js';
import { BookingNotificationsHandler } from './handlers/booking-notifications.handler.js';
import { ContactReceivedHandler } from './handlers/contact-received.handler.js';
import { ModerationReviewedHandler } from './handlers/moderation-reviewed.handler.js';
import { NotificationSignalsModule } from './live/notification-signals.module.js';

/** Every event handler of the notifications consumer: a new event type adds its handler class here. */
const HANDLERS = [ContactReceivedHandler, BookingNotificationsHandler, ModerationReviewedHandler, ChatMessageNotificationsHandler, DisputeNotificationsHandler];

/** The consumer of domain events: the notifications worker runs it, or the app itself without Redis. */
@Module({
  imports: [OutboxModule, NotificationSignalsModule],
  providers: [
    ...HANDLERS,
    {
      provide: DOMAIN_EVENT_HANDLERS,
      useFactory: (...handlers: DomainEventHandler[]) => handlers,
      inject: HANDLERS,
    },
    DomainEventsConsumer,
    // Chat digests are delayed jobs of the same worker.
    ChatDigestConsumer,
  ],
  exports: [DomainEventsConsumer, ChatDigestConsumer],
})
export class NotificationsModule {}
