import type { DomainEvent } from '@khidma/contracts';
import type { EntityManager } from 'typeorm';
import type { Notification } from './entities/notification.entity.js';

/**
 * Reacts to some event types. `handle` runs inside the consumer's once-per-event transaction: whatever
 * it writes with `manager` (notification rows, e-mail jobs through the outbox) commits with the
 * "processed" marker, so a redelivered event changes nothing. It returns the notifications it wrote,
 * which the consumer announces to open streams once the transaction committed.
 */
export interface DomainEventHandler<T extends object = object> {
  readonly types: readonly string[];
  handle(event: DomainEvent<T>, manager: EntityManager): Promise<Notification[] | void>;
}

/** DI token of the handler list; each feature adds its handlers to NotificationsModule. */
export const DOMAIN_EVENT_HANDLERS = Symbol('DOMAIN_EVENT_HANDLERS');
