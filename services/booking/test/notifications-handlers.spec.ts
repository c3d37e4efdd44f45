import { BOOKING_EVENT_TYPES, type BookingEventType, type DomainEvent, type EmailJob, QUEUES } from '@khidma/contracts';
import { OutboxMessage } from '@khidma/nest-kit';
import { DataSource, In } from 'typeorm';
import type { BookingEventPayload } from '../src/bookings/booking.events.js';
import { Notification } from '../src/notifications/entities/notification.entity.js';
import { bookingEvent, startNotificationsStack } from './notifications-support.js';

const ARABIC = /[\u0621-\u064A]/;

describe('booking event notifications', () => {
  let stack: Awaited<ReturnType<typeof startNotificationsStack>>;
  let dataSource: DataSource;

  beforeAll(async () => {
    stack = await startNotificationsStack();
    dataSource = stack.app.get(DataSource);
  });
  afterAll(() => stack.close());

  const rowsFor = (event: DomainEvent<BookingEventPayload>) =>
    dataSource
      .getRepository(Notification)
      .findBy({ userId: In([event.payload.client.userId, event.payload.provider.userId]) });
  const mailsFor = async (event: DomainEvent<BookingEventPayload>) =>
    (await dataSource.getRepository(OutboxMessage).findBy({ queue: QUEUES.email }))
      .map((job) => job.payload as unknown as EmailJob)
      .filter((mail) => mail.text.includes(`/my-bookings/${event.payload.bookingId}`));
  const handled = async (event: DomainEvent<BookingEventPayload>) => {
    expect(await stack.consumer().handle(event)).toBe(true);
    const rows = await rowsFor(event);
    const byUser = (userId: string) => rows.find((row) => row.userId === userId);
    return { rows, client: byUser(event.payload.client.userId), provider: byUser(event.payload.provider.userId), mails: await mailsFor(event) };
  };

  /** Who hears of each event when a party acted (the actor only where the event is a receipt for them). */
  const expectedRecipients: Record<BookingEventType, { actor: 'client' | 'provider'; recipients: ('client' | 'provider')[] }> = {
    'booking.created': { actor: 'client', recipients: ['client', 'provider'] },
    'booking.accepted': { actor: 'provider', recipients: ['client'] },
    'booking.declined': { actor: 'provider', recipients: ['client'] },
    'booking.started': { actor: 'provider', recipients: ['client'] },
    'booking.cancelled': { actor: 'client', recipients: ['client', 'provider'] },
    'booking.rescheduled': { actor: 'client', recipients: ['client', 'provider'] },
    'booking.paid': { actor: 'client', recipients: ['client', 'provider'] },
    'booking.completed': { actor: 'provider', recipients: ['client'] },
  };

  it.each(BOOKING_EVENT_TYPES)('%s: a row and an e-mail per recipient, each in their own language', async (type) => {
    const { actor, recipients } = expectedRecipients[type];
    const event = bookingEvent(type, { actor, previous: { scheduledDate: '2026-12-01', scheduledTime: '09:00' } });
    const { rows, mails, client, provider } = await handled(event);
    const { payload } = event;

    expect(rows).toHaveLength(recipients.length);
    for (const row of rows) {
      expect(row).toMatchObject({
        type: 'booking',
        isRead: false,
        metadata: { bookingId: payload.bookingId, bookingNumber: payload.bookingNumber, providerId: payload.providerId, event: type },
      });
      expect(row.message).toContain(payload.bookingNumber);
      // Only the actor's own receipt is marked, so their page's confirmation is not talked over.
      expect(row.metadata.byYou ?? false).toBe(row.userId === payload[actor].userId);
    }
    // The client writes English, the provider Arabic.
    if (recipients.includes('client')) {
      expect(client!.title).not.toMatch(ARABIC);
      expect(client!.message).toContain('Deep home cleaning');
      expect(client!.message).not.toMatch(ARABIC);
    } else {
      expect(client).toBeUndefined();
    }
    if (recipients.includes('provider')) {
      expect(provider!.title).toMatch(ARABIC);
      expect(provider!.message).toContain('تنظيف منزلي عميق');
    } else {
      expect(provider).toBeUndefined();
    }

    expect(mails.map((mail) => [mail.to, mail.language, mail.template]).sort()).toEqual(
      recipients
        .map((side) => [payload[side].email, payload[side].language, `${type}.${side}`])
        .sort(),
    );
    for (const mail of mails) {
      const row = rows.find((r) => r.userId === (mail.to === payload.client.email ? payload.client : payload.provider).userId)!;
      expect(mail.subject).toContain(row.title);
      expect(mail.text).toContain(row.message);
      expect(mail.text).toContain(`${stack.config.PUBLIC_URL}/my-bookings/${payload.bookingId}`);
      expect(mail.text).toContain(mail.language === 'ar' ? 'مرحبًا' : 'Hello');
    }
  });

  it('writes the receipt a paying client expects, with the amount and the day as its page writes them, in both languages', async () => {
    const english = await handled(bookingEvent('booking.paid', { totalAmount: '40' }));
    expect(english.client).toMatchObject({
      title: 'Booking confirmed: payment received',
      message: 'We received your payment of \u2066$40.00\u2069 for booking KH-7Q4M-2XPA (Deep home cleaning on Thursday, December 3 at 10:00).',
    });
    // The amount is a left-to-right isolate: inside Arabic it reads "$40.00", not "40.00$".
    expect(english.provider!.message).toBe('دفع Sara Haddad مبلغ \u2066$40.00\u2069 للحجز KH-7Q4M-2XPA (تنظيف منزلي عميق يوم الخميس، 3 ديسمبر الساعة 10:00).');

    const arabic = bookingEvent('booking.paid');
    arabic.payload.client = { ...arabic.payload.client, language: 'ar', name: 'ليلى منصور' };
    arabic.payload.provider = { ...arabic.payload.provider, language: 'en' };
    const swapped = await handled(arabic);
    expect(swapped.client!.title).toBe('تم تأكيد الحجز: استلمنا الدفعة');
    expect(swapped.client!.message).toContain('$40.00');
    expect(swapped.provider).toMatchObject({ title: 'Payment received' });
    expect(swapped.provider!.message).toContain('ليلى منصور paid \u2066$40.00\u2069');
    expect(swapped.mails.find((mail) => mail.to === 'sara@example.com')).toMatchObject({ language: 'ar', template: 'booking.paid.client' });
  });

  it('says who cancelled, why, and what is refunded, to each side in its words', async () => {
    const { client, provider } = await handled(
      bookingEvent('booking.cancelled', { actor: 'provider', reason: 'The van broke down\non the way', refundedAmount: '40.00' }),
    );
    expect(client!.message).toBe(
      'Your booking KH-7Q4M-2XPA for Deep home cleaning on Thursday, December 3 at 10:00 was cancelled by the provider. Reason: The van broke down on the way. A refund of \u2066$40.00\u2069 is on its way.',
    );
    expect(provider!.message).toContain('بطلب منك');
    expect(provider!.message).toContain('السبب: The van broke down on the way.');
    // The refund is the client's news only.
    expect(provider!.message).not.toContain('$40.00');
  });

  it('tells both parties when support acts, and leaves out an e-mail for a party without an address', async () => {
    const event = bookingEvent('booking.accepted', { actor: 'admin' });
    event.payload.client = { ...event.payload.client, email: null };
    const { rows, mails } = await handled(event);
    expect(rows).toHaveLength(2);
    expect(mails.map((mail) => mail.template)).toEqual(['booking.accepted.provider']);
    expect(rows.find((row) => row.userId === event.payload.provider.userId)!.message).toContain('من قِبل فريق خدمة');
  });

  it('writes nothing twice when the same event is delivered again', async () => {
    const event = bookingEvent('booking.created');
    const first = await handled(event);
    expect(first.rows).toHaveLength(2);
    expect(first.mails).toHaveLength(2);

    expect(await stack.consumer().handle(event)).toBe(false);
    expect(await rowsFor(event)).toHaveLength(2);
    expect(await mailsFor(event)).toHaveLength(2);
  });
});
