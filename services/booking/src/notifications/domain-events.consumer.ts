import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type DomainEvent, QUEUES } from '@khidma/contracts';
import { JobQueue, OutboxService } from '@khidma/nest-kit';
import { DOMAIN_EVENT_HANDLERS, type DomainEventHandler } from './domain-event-handler.js';
import type { Notification } from './entities/notification.entity.js';
import { NotificationSignals } from './live/notification-signals.js';
import { toNotificationDto } from './notification-dto.js';

/** Name under which processed events are recorded (processed_messages.consumer). */
export const NOTIFICATIONS_CONSUMER = 'notifications';

/**
 * Consumes the domain-events queue and dispatches each event to the handler registered for its type.
 * The same class runs in the notifications worker (Redis) and inside the HTTP app (embedded profile).
 */
@Injectable()
export class DomainEventsConsumer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Notifications');
  private readonly handlers: Map<string, DomainEventHandler>;

  constructor(
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
    private readonly signals: NotificationSignals,
    @Inject(DOMAIN_EVENT_HANDLERS) handlers: DomainEventHandler[],
  ) {
    this.handlers = new Map(handlers.flatMap((handler) => handler.types.map((type) => [type, handler] as const)));
  }

  onApplicationBootstrap() {
    this.jobs.process<DomainEvent<object>>(QUEUES.domainEvents, async (job) => {
      await this.handle(job.data);
    });
  }

  /** Handles one delivery; false when nothing was done (no handler, or the event was handled before). */
  async handle(event: DomainEvent<object>): Promise<boolean> {
    const handler = this.handlers.get(event.type);
    if (!handler) {
      // Events nobody here reacts to are acknowledged, not retried: retrying cannot make a handler appear.
      this.logger.debug(`No handler for ${event.type} (${event.id}); acknowledged`);
      return false;
    }
    let written: Notification[] = [];
    const done = await this.outbox.once(NOTIFICATIONS_CONSUMER, event.id, async (manager) => {
      written = (await handler.handle(event, manager)) ?? [];
    });
    if (!done) {
      this.logger.log(`${event.type} ${event.id} was already handled; redelivery ignored`);
      return false;
    }
    // After the commit, never inside it: a stream must not show a row that could still roll back.
    await this.signals
      .publish(written.map((row) => ({ userId: row.userId, notification: toNotificationDto(row) })))
      .catch((error: Error) => this.logger.warn(`Live notification push failed (${event.id}): ${error.message}`));
    return true;
  }
}
