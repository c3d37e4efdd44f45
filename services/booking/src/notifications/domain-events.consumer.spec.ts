import { type DomainEvent, QUEUES } from '@khidma/contracts';
import { eventually } from '@khidma/nest-kit/testing';
import { InlineJobQueue, JobQueue, OutboxService } from '@khidma/nest-kit';
import { Test, type TestingModule } from '@nestjs/testing';
import type { EntityManager } from 'typeorm';
import { DOMAIN_EVENT_HANDLERS, type DomainEventHandler } from './domain-event-handler.js';
import { DomainEventsConsumer, NOTIFICATIONS_CONSUMER } from './domain-events.consumer.js';
import type { Notification } from './entities/notification.entity.js';
import { LocalNotificationSignals, NotificationSignals, type NotificationSignal } from './live/notification-signals.js';

/**
 * The consumer's dispatch rules without a database: the outbox's once-per-event guard is an
 * in-memory set (its SQL is proven by the HTTP suites), the queue is the inline one, and the live
 * signals are recorded.
 */
describe('DomainEventsConsumer', () => {
  let moduleRef: TestingModule;
  let consumer: DomainEventsConsumer;
  const processed = new Set<string>();
  const manager = {} as EntityManager;
  const handled: DomainEvent<object>[] = [];
  const published: NotificationSignal[] = [];
  let signalsFail = false;

  const row = (userId: string): Notification =>
    ({ id: `n-${userId}`, userId, type: 'booking', title: 't', message: 'm', metadata: {}, isRead: false, createdAt: new Date(0) }) as Notification;
  const bookingHandler: DomainEventHandler = {
    types: ['booking.created', 'booking.cancelled'],
    handle: async (event, given) => {
      expect(given).toBe(manager);
      handled.push(event);
      return [row('client-1'), row('provider-1')];
    },
  };
  const event = (type: string, id = `${type}-${handled.length}-${Math.random()}`): DomainEvent<object> =>
    ({ id, type, source: 'booking', occurredAt: new Date(0).toISOString(), payload: {} }) as DomainEvent<object>;

  beforeEach(async () => {
    processed.clear();
    handled.length = 0;
    published.length = 0;
    signalsFail = false;
    moduleRef = await Test.createTestingModule({
      providers: [
        DomainEventsConsumer,
        { provide: JobQueue, useClass: InlineJobQueue },
        { provide: NotificationSignals, useClass: LocalNotificationSignals },
        OutboxService,
        { provide: DOMAIN_EVENT_HANDLERS, useValue: [bookingHandler] },
      ],
    })
      .overrideProvider(OutboxService)
      .useValue({
        once: async (consumer: string, id: string, effect: (m: EntityManager) => Promise<void>) => {
          expect(consumer).toBe(NOTIFICATIONS_CONSUMER);
          if (processed.has(id)) return false;
          await effect(manager);
          processed.add(id);
          return true;
        },
      })
      .overrideProvider(NotificationSignals)
      .useValue({
        publish: async (signals: readonly NotificationSignal[]) => {
          if (signalsFail) throw new Error('Redis down');
          published.push(...signals);
        },
        subscribe: async () => undefined,
      })
      .compile();
    consumer = moduleRef.get(DomainEventsConsumer);
  });

  afterEach(async () => {
    await moduleRef.get(JobQueue).close();
    await moduleRef.close();
  });

  it('hands an event to the handler registered for its type and announces what it wrote', async () => {
    const created = event('booking.created');
    expect(await consumer.handle(created)).toBe(true);
    expect(handled).toEqual([created]);
    expect(published.map((signal) => signal.userId)).toEqual(['client-1', 'provider-1']);
    expect(published[0]!.notification).toMatchObject({ id: 'n-client-1', isRead: false, createdAt: new Date(0).toISOString() });
  });

  it('acknowledges an event nobody handles without marking it processed', async () => {
    const unknown = event('review.liked');
    expect(await consumer.handle(unknown)).toBe(false);
    expect(processed.has(unknown.id)).toBe(false);
    expect(handled).toEqual([]);
  });

  it('ignores a redelivery: no second effect and no second announcement', async () => {
    const cancelled = event('booking.cancelled');
    expect(await consumer.handle(cancelled)).toBe(true);
    expect(await consumer.handle(cancelled)).toBe(false);
    expect(handled).toHaveLength(1);
    expect(published).toHaveLength(2);
  });

  it('still counts an event as handled when the live push fails (the rows are committed)', async () => {
    signalsFail = true;
    expect(await consumer.handle(event('booking.created'))).toBe(true);
    expect(handled).toHaveLength(1);
  });

  it('consumes the domain-events queue once the app has started', async () => {
    const queued = event('booking.created');
    await moduleRef.get(JobQueue).add(QUEUES.domainEvents, queued.type, queued);
    await moduleRef.init();
    await eventually(() => processed.has(queued.id));
    expect(handled).toEqual([queued]);
  });
});
