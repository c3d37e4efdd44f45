import { type DomainEvent, QUEUES } from '@khidma/contracts';
import { OutboxMessage, ProcessedMessage } from '@khidma/nest-kit';
import { eventually, fetchJson, type ReceivedMail, type SmtpPeer, startSmtpPeer } from '@khidma/nest-kit/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ContactMessage } from '../src/contact/entities/contact-message.entity.js';
import { DomainEventsConsumer, NOTIFICATIONS_CONSUMER } from '../src/notifications/domain-events.consumer.js';
import { bookingTestConfig, startBooking, startBookingWorker, waitFor } from './support.js';

describe('contact messages', () => {
  let inbox: SmtpPeer;
  let config: ReturnType<typeof bookingTestConfig>;
  let app: Awaited<ReturnType<typeof startBooking>>['app'];
  let worker: INestApplicationContext | undefined;
  let url: string;
  let dataSource: DataSource;

  const post = (json: unknown) => fetchJson(`${url}/api/contact`, { method: 'POST', json });
  const mailsTo = (address: string) => inbox.mails.filter((mail) => mail.envelopeTo.includes(address));
  const count = async () => ({
    messages: await dataSource.getRepository(ContactMessage).count(),
    outbox: await dataSource.getRepository(OutboxMessage).count(),
  });

  beforeAll(async () => {
    inbox = await startSmtpPeer();
    config = bookingTestConfig({ SMTP_URL: inbox.url });
    ({ app, url } = await startBooking(config));
    dataSource = app.get(DataSource);
    // With Redis the HTTP app only produces: the worker and an e-mail consumer run beside it.
    worker = await startBookingWorker(config, { mailer: true });
  });
  afterAll(async () => {
    await worker?.close();
    await app.close();
    await inbox.close();
    await config.cleanup();
  });

  /** The consumer that handles this profile's events: the worker's with Redis, the app's otherwise. */
  const consumer = () => (worker ?? app).get(DomainEventsConsumer);

  it('stores the message, publishes contact.received and mails support and the sender in English', async () => {
    const response = await post({
      name: 'Sara Haddad',
      email: 'sara@example.com',
      phone: '+962 79 123 4567',
      subject: 'Question about\nbookings',
      message: 'Can I book a cleaner for Friday morning?',
      type: 'support',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const stored = await dataSource.getRepository(ContactMessage).findOneByOrFail({ id: response.body.id });
    expect(stored).toMatchObject({
      name: 'Sara Haddad',
      email: 'sara@example.com',
      phone: '+962 79 123 4567',
      type: 'support',
      language: 'en',
    });
    const event = await dataSource.getRepository(OutboxMessage).findOneByOrFail({ name: 'contact.received' });
    expect(event.queue).toBe(QUEUES.domainEvents);
    expect((event.payload as DomainEvent).payload).toMatchObject({ contactMessageId: stored.id, email: 'sara@example.com' });

    const toSupport = await waitFor(() => mailsTo(config.SUPPORT_EMAIL)[0]);
    const toSender = await waitFor(() => mailsTo('sara@example.com')[0]);
    expect(toSupport.subject).toBe('[Contact/support] Question about bookings');
    expect(toSupport.headers.get('reply-to')).toBe('sara@example.com');
    expect(toSupport.headers.get('x-khidma-template')).toBe('contact.support');
    expect(toSupport.text).toContain('Can I book a cleaner for Friday morning?');
    expect(toSupport.text).toContain('+962 79 123 4567');
    expect(toSender.headers.get('content-language')).toBe('en');
    expect(toSender.headers.get('reply-to')).toBe(config.SUPPORT_EMAIL);
    expect(toSender.subject).toBe('We received your message');
    expect(toSender.text).toContain('Hello Sara Haddad,');
    expect(toSender.text).toContain('within 2 hours');
    expect(toSender.text).toContain(`${config.PUBLIC_URL}/faq`);
  });

  it('acknowledges in Arabic to a sender who wrote in Arabic', async () => {
    const response = await post({
      name: 'ليلى منصور',
      email: 'layla@example.com',
      subject: 'استفسار عن الدفع',
      message: 'هل يمكنني الدفع نقدًا عند انتهاء الخدمة؟',
      language: 'ar',
    });
    expect(response.status).toBe(201);
    const toSupport = await waitFor(() =>
      mailsTo(config.SUPPORT_EMAIL).find((mail: ReceivedMail) => mail.text.includes('هل يمكنني الدفع نقدًا')),
    );
    const toSender = await waitFor(() => mailsTo('layla@example.com')[0]);
    expect(toSupport.subject).toBe('[Contact/general] استفسار عن الدفع');
    expect(toSupport.text).toContain('Language: ar');
    expect(toSender.headers.get('content-language')).toBe('ar');
    expect(toSender.subject).toBe('تلقّينا رسالتك');
    expect(toSender.text).toContain('مرحبًا ليلى منصور،');
    expect(toSender.text).toContain('خلال ساعتين');
    expect(toSender.text).toContain('«استفسار عن الدفع»');
  });

  it('handles a redelivered event once', async () => {
    const response = await post({ name: 'Omar', email: 'omar@example.com', subject: 'Twice?', message: 'Once, please.' });
    expect(response.status).toBe(201);
    const row = await waitFor(async () => {
      const events = await dataSource.getRepository(OutboxMessage).findBy({ name: 'contact.received' });
      return events.find((e) => (e.payload as DomainEvent<{ email: string }>).payload.email === 'omar@example.com');
    });
    const event = row.payload as DomainEvent;
    await eventually(() => dataSource.getRepository(ProcessedMessage).findOneBy({ messageId: event.id }));
    const emailJobs = () =>
      dataSource
        .getRepository(OutboxMessage)
        .findBy({ queue: QUEUES.email })
        .then((jobs) => jobs.filter((job) => JSON.stringify(job.payload).includes('omar@example.com')).length);
    expect(await emailJobs()).toBe(2);

    // The queue delivers the same event again (e.g. the worker died before acknowledging it).
    expect(await consumer().handle(event)).toBe(false);
    expect(await emailJobs()).toBe(2);
    expect(
      await dataSource.getRepository(ProcessedMessage).countBy({ messageId: event.id, consumer: NOTIFICATIONS_CONSUMER }),
    ).toBe(1);
  });

  it('acknowledges events it has no handler for without doing anything', async () => {
    const event: DomainEvent = { id: '00000000-0000-4000-8000-0000000000aa', type: 'user.registered', source: 'identity', occurredAt: new Date().toISOString(), payload: {} };
    expect(await consumer().handle(event)).toBe(false);
    expect(await dataSource.getRepository(ProcessedMessage).countBy({ messageId: event.id })).toBe(0);
  });

  it('rejects a bad message with a code per field and stores nothing', async () => {
    const before = await count();
    const response = await post({
      name: '   ',
      email: 'not-an-email',
      phone: 'call me',
      subject: 'x'.repeat(201),
      message: '',
      type: 'complaint',
      language: 'fr',
      admin: true,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'validation_failed',
      fields: {
        name: 'isLength',
        email: 'isEmail',
        phone: 'matches',
        subject: 'isLength',
        message: 'isLength',
        type: 'isIn',
        language: 'isIn',
        admin: 'whitelistValidation',
      },
    });
    expect((await post({ email: 'a@b.co' })).body.fields).toMatchObject({
      name: expect.any(String),
      subject: expect.any(String),
      message: expect.any(String),
    });
    expect(await count()).toEqual(before);
  });
});
