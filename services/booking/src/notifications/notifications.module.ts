import { Module } from '@nestjs/common';
import { OutboxModule } from '@khidma/nest-kit';
import { DOMAIN_EVENT_HANDLERS, type DomainEventHandler } from './domain-event-handler.js';
import { DomainEventsConsumer } from './domain-events.consumer.js';
import { ContactReceivedHandler } from './handlers/contact-received.handler.js';

/** Every event handler of the notifications consumer: a new event type adds its handler class here. */
const HANDLERS = [ContactReceivedHandler];

@Module({
  imports: [OutboxModule],
  providers: [
    ...HANDLERS,
    {
      provide: DOMAIN_EVENT_HANDLERS,
      useFactory: (...handlers: DomainEventHandler[]) => handlers,
      inject: HANDLERS,
    },
    DomainEventsConsumer,
  ],
  exports: [DomainEventsConsumer],
})
export class NotificationsModule {}
