import { jest } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { type DomainEvent, QUEUES } from '@khidma/contracts';
import { Clock, OutboxMessage, OutboxService } from '@khidma/nest-kit';
import { eventually, fetchJson, type FakeIdentity, startFakeIdentity, startRedisServer } from '@khidma/nest-kit/testing';
import { Queue } from 'bullmq';
import { DataSource, In } from 'typeorm';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { DomainEventsConsumer } from '../src/notifications/domain-events.consumer.js';
import { Notification } from '../src/notifications/entities/notification.entity.js';
import { Payment } from '../src/payments/entities/payment.entity.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingRequest, MONDAY_9AM, PEOPLE, TUESDAY } from './bookings-support.js';
import { bookingTestConfig, startBooking, startBookingWorker } from './support.js';

const GOOD_CARD = { number: '4242 4242 4242 4242', holder: 'Sara Haddad', expiry: '12/34', cvv: '123' };
const EVENTS = ['booking.created', 'booking.paid'];

/**
 * Issue 5 "nothing lost": the booking app, its notifications worker and the outbox relay on a Redis
 * of the test's own, which it stops and starts again. Booking and paying go on while Redis is down;
 * once it is back every notification and e-mail job arrives, each exactly once.
 */
describe('a Redis outage', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let identity: FakeIdentity;
  let config: ReturnType<typeof bookingTestConfig>;
  let app: INestApplication;
  let url: string;
  let worker: INestApplicationContext | undefined;
  let dataSource: DataSource;

  beforeAll(async () => {
    redis = await startRedisServer();
    identity = await startFakeIdentity();
    // The Redis profile whatever TEST_REDIS_URL says: a separate worker consumes the events.
    config = {
      ...bookingTestConfig(),
      REDIS_URL: redis.url,
      IDENTITY_JWKS_URL: identity.jwksUrl,
      SERVICE: { name: 'booking', inlineJobs: false },
    };
    ({ app, url } = await startBooking(config));
    dataSource = app.get(DataSource);
    await seedCatalogue(dataSource);
    jest.spyOn(app.get(Clock), 'now').mockImplementation(() => new Date(MONDAY_9AM));
    worker = await startBookingWorker(config);
  });
  afterAll(async () => {
    await redis.start();
    await worker?.close();
    await app?.close();
    await identity?.close();
    await redis.stop();
    await config?.cleanup();
  });

  it('lets a client book and pay meanwhile, then delivers each notification and e-mail job once', async () => {
    const token = await identity.token(PEOPLE.client.id, 'client');
    const post = (path: string, json: unknown) =>
      fetchJson(`${url}/api${path}`, { method: 'POST', json, headers: { authorization: `Bearer ${token}` } });
    const serviceId = (await dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'door-lock-repair' })).id;

    await redis.stop();
    const created = await post('/bookings/create', bookingRequest(serviceId, TUESDAY, '10:00'));
    expect(created.status).toBe(201);
    const paid = await post('/payments/process', {
      bookingId: created.body.id,
      amount: created.body.totalAmount,
      paymentMethod: 'card',
      cardDetails: GOOD_CARD,
    });
    expect(paid.status).toBe(200);
    const booking = await dataSource.getRepository(Booking).findOneByOrFail({ id: created.body.id });
    expect(booking.paymentStatus).toBe('paid');
    expect(await dataSource.getRepository(Payment).countBy({ bookingId: booking.id, status: 'succeeded' })).toBe(1);

    // The events wait in the outbox; nobody could be told yet.
    const events = async () =>
      (await dataSource.getRepository(OutboxMessage).findBy({ name: In(EVENTS) })).filter(
        (row) => (row.payload as DomainEvent<{ bookingId: string }>).payload.bookingId === booking.id,
      );
    expect((await events()).map((row) => [row.name, row.publishedAt])).toEqual(
      expect.arrayContaining(EVENTS.map((name) => [name, null])),
    );
    const notifications = async () =>
      (await dataSource.getRepository(Notification).find()).filter((row) => row.metadata.bookingId === booking.id);
    expect(await notifications()).toEqual([]);

    await redis.start();
    const mails = async () =>
      (await dataSource.getRepository(OutboxMessage).findBy({ queue: QUEUES.email })).filter((row) =>
        (row.payload as { subject: string }).subject.includes(booking.bookingNumber),
      );
    // Both events handled, and every e-mail job they made is in Redis.
    await eventually(async () => {
      const handled = new Set((await notifications()).map((row) => row.metadata.event));
      const jobs = await mails();
      return EVENTS.every((event) => handled.has(event)) && jobs.length > 0 && jobs.every((row) => row.publishedAt);
    }, 30_000);
    const once = async () => {
      const rows = await notifications();
      const jobs = await mails();
      return {
        notifications: rows.map((row) => `${row.metadata.event} → ${row.userId}`).sort(),
        mails: jobs.map((row) => row.name).sort(),
      };
    };
    const delivered = await once();
    // One notification per event and recipient, one e-mail job per notification with an address.
    expect(new Set(delivered.notifications).size).toBe(delivered.notifications.length);
    expect(delivered.notifications.some((entry) => entry.startsWith('booking.created'))).toBe(true);
    expect(delivered.notifications.some((entry) => entry.startsWith('booking.paid'))).toBe(true);
    expect(delivered.mails).toEqual(expect.arrayContaining(['booking.created.client', 'booking.paid.client']));
    expect(new Set(delivered.mails).size).toBe(delivered.mails.length);

    const emailQueue = new Queue(QUEUES.email, { connection: { host: '127.0.0.1', port: redis.port }, prefix: config.QUEUE_PREFIX });
    try {
      const queued = async () =>
        (await emailQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter((job) =>
          (job.data as { subject: string }).subject.includes(booking.bookingNumber),
        ).length;
      expect(await queued()).toBe(delivered.mails.length);

      // Delivered again (a relay that crashed before marking its rows, a worker retry): nothing new.
      const consumer = worker!.get(DomainEventsConsumer);
      for (const row of await events()) expect(await consumer.handle(row.payload as DomainEvent<object>)).toBe(false);
      await dataSource.getRepository(OutboxMessage).update({ id: In((await events()).map((row) => row.id)) }, { publishedAt: null });
      await app.get(OutboxService).relay();
      await eventually(async () => (await events()).every((row) => row.publishedAt));
      // Give a duplicate job the time to be handled before counting.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await once()).toEqual(delivered);
      expect(await queued()).toBe(delivered.mails.length);
    } finally {
      await emailQueue.close();
    }
  });
});
