import type { DomainEvent } from '@khidma/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Reacts to one event type. `handle` runs inside the consumer's once-per-event transaction: whatever
 * it writes with `manager` (notification rows, e-mail jobs through the outbox) commits with the
 * "processed" marker, so a redelivered event changes nothing.
 */
export interface DomainEventHandler<T = Record<string, unknown>> {
  readonly type: string;
  handle(event: DomainEvent<T>, manager: EntityManager): Promise<void>;
}

/** DI token of the handler list; each feature adds its handlers to NotificationsModule. */
export const DOMAIN_EVENT_HANDLERS = Symbol('DOMAIN_EVENT_HANDLERS');
