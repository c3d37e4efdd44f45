import { jest } from '@jest/globals';
import { OutboxMessage, OutboxService } from '@khidma/nest-kit';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Payment } from '../src/payments/entities/payment.entity.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, startBookingWorld } from './bookings-support.js';

const GOOD_CARD = { number: '4242 4242 4242 4242', holder: 'Sara Haddad', expiry: '12/34', cvv: '123' };

describe('payments', () => {
  let world: BookingWorld;
  let doorLock: string;
  let day = 0;

  /** A fresh $40 booking of the client's, each on its own day. */
  const newBooking = async () => {
    // Working days from Monday 4 February 2030 (the provider rests on Fridays).
    const dateOf = (n: number) => new Date(Date.UTC(2030, 1, 3 + n));
    do day++;
    while (dateOf(day).getUTCDay() === 5);
    const date = dateOf(day).toISOString().slice(0, 10);
    const response = await world.post('/bookings/create', 'client', bookingRequest(doorLock, date, '10:00'));
    expect(response.status).toBe(201);
    return response.body as { id: string; totalAmount: string };
  };
  const pay = (bookingId: string, extra: object = {}, key?: string, as: 'client' | 'otherClient' | 'anonymous' = 'client') =>
    world.post(
      '/payments/process',
      as === 'anonymous' ? undefined : as,
      { bookingId, amount: '40.00', paymentMethod: 'card', cardDetails: GOOD_CARD, ...extra },
      key ? { 'idempotency-key': key } : {},
    );
  const paymentsOf = (bookingId: string) => world.dataSource.getRepository(Payment).findBy({ bookingId });
  const bookingRow = (id: string) => world.dataSource.getRepository(Booking).findOneByOrFail({ id });

  beforeAll(async () => {
    world = await startBookingWorld();
    doorLock = await world.serviceId('door-lock-repair');
  });
  afterAll(() => world.close());
  beforeEach(() => world.setNow(MONDAY_9AM));

  it('charges the test card, marks the booking paid, publishes booking.paid and keeps no card number', async () => {
    const booking = await newBooking();
    const response = await pay(booking.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      payment: {
        id: expect.any(String),
        bookingId: booking.id,
        status: 'succeeded',
        amount: '40.00',
        paymentMethod: 'card',
        last4: '4242',
        declineCode: null,
        createdAt: MONDAY_9AM.toISOString(),
      },
      charge: { subtotal: '40.00', discount: '0.00', total: '40.00', promoCode: null },
      credit: '0.00',
      booking: { id: booking.id, paymentStatus: 'paid', status: 'pending' },
    });
    expect((await bookingRow(booking.id)).paymentStatus).toBe('paid');
    // The booking itself now tells what was paid, to the client and the provider alike.
    expect((await world.get(`/bookings/${booking.id}`, 'provider')).body.paid).toEqual({
      amount: '40.00', discount: '0.00', promoCode: null, credit: '0.00', card: '40.00', refunded: '0.00', refundedToCredit: '0.00',
    });
    const [row] = await paymentsOf(booking.id);
    expect(row).toMatchObject({ status: 'succeeded', last4: '4242', expiry: '12/34', amount: '40.00' });
    expect(JSON.stringify(row)).not.toMatch(/4242424242424242|"123"/);
    const paid = (await world.dataSource.getRepository(OutboxMessage).findBy({ name: 'booking.paid' })).map(
      (e) => (e.payload as { payload: { bookingId: string } }).payload.bookingId,
    );
    expect(paid).toContain(booking.id);
    expect((await world.get(`/bookings/${booking.id}`, 'client')).body.actions.pay).toBe(false);

    const again = await pay(booking.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_paid');
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it('answers each test decline with 402 and its code, marks the payment failed, and a good card then succeeds', async () => {
    const booking = await newBooking();
    const cases = [
      ['4000000000000002', 'card_declined'],
      ['4000000000009995', 'insufficient_funds'],
      ['4000000000000069', 'expired_card'],
      ['5555555555554444', 'card_declined'],
    ];
    for (const [number, code] of cases) {
      const response = await pay(booking.id, { cardDetails: { ...GOOD_CARD, number } });
      expect(response.status).toBe(402);
      expect(response.body).toMatchObject({ statusCode: 402, code, message: expect.stringContaining('card') });
      expect((await bookingRow(booking.id)).paymentStatus).toBe('failed');
    }
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(['declined', 'declined', 'declined', 'declined']);
    expect((await pay(booking.id)).status).toBe(200);
  });

  it('takes Apple Pay without card details', async () => {
    const booking = await newBooking();
    const response = await world.post('/payments/process', 'client', { bookingId: booking.id, amount: 40, paymentMethod: 'apple_pay' });
    expect(response.status).toBe(200);
    expect(response.body.payment).toMatchObject({ paymentMethod: 'apple_pay', last4: null, status: 'succeeded' });
  });

  it('validates the card fields with the spec’s messages, the amount and who pays', async () => {
    const booking = await newBooking();
    const invalid = await pay(booking.id, { cardDetails: { number: '4242', holder: ' S ', expiry: '13/30', cvv: '12' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({
      'cardDetails.number': 'matches',
      'cardDetails.holder': 'minLength',
      'cardDetails.expiry': 'matches',
      'cardDetails.cvv': 'matches',
    });
    for (const text of ['Must be 16 digits', 'Must be at least 3 characters', 'Must be in MM/YY format', 'Must be 3-4 digits']) {
      expect(invalid.body.message).toContain(text);
    }
    expect(JSON.stringify(invalid.body)).not.toContain('4242');
    expect((await pay(booking.id, { cardDetails: undefined })).body.fields).toEqual({ cardDetails: 'isDefined' });
    expect((await pay(booking.id, { paymentMethod: 'cash' })).body.fields).toMatchObject({ paymentMethod: 'isIn' });
    // Expired by the marketplace clock (January 2030).
    const expired = await pay(booking.id, { cardDetails: { ...GOOD_CARD, expiry: '12/29' } });
    expect(expired.body).toMatchObject({ code: 'validation_failed', fields: { 'cardDetails.expiry': 'notExpired' } });
    expect((await pay(booking.id, { cardDetails: { ...GOOD_CARD, expiry: '01/30' } })).status).toBe(200); // good through January

    const other = await newBooking();
    const mismatch = await pay(other.id, { amount: 4 });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body).toMatchObject({ code: 'amount_mismatch', params: { expected: '40.00' } });
    expect((await pay(other.id, {}, undefined, 'otherClient')).status).toBe(404);
    expect((await pay(other.id, {}, undefined, 'anonymous')).status).toBe(401);
    expect((await pay(other.id, {}, 'k'.repeat(256))).status).toBe(400);
    expect(await paymentsOf(other.id)).toEqual([]);

    await world.post(`/bookings/${other.id}/cancel`, 'client', { cancellationReason: 'No longer needed, thanks' });
    expect((await pay(other.id)).body.code).toBe('conflict');
  });

  it('replays the first answer to a retry with the same key, and refuses the key for another request', async () => {
    const booking = await newBooking();
    const first = await pay(booking.id, { cardDetails: { ...GOOD_CARD, number: '4000000000009995' } }, 'retry-decline');
    const second = await pay(booking.id, { cardDetails: { ...GOOD_CARD, number: '4000000000009995' } }, 'retry-decline');
    expect(first.status).toBe(402);
    expect(second.status).toBe(402);
    expect(second.body).toEqual(first.body);

    const paid = await pay(booking.id, {}, 'retry-success');
    const replay = await pay(booking.id, {}, 'retry-success');
    expect([paid.status, replay.status]).toEqual([200, 200]);
    expect(replay.body).toEqual(paid.body);
    expect(await paymentsOf(booking.id)).toHaveLength(2);

    const reused = await pay(booking.id, { paymentMethod: 'apple_pay', cardDetails: undefined }, 'retry-success');
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
  });

  it('charges once when 20 requests with one key arrive together, all getting the same answer', async () => {
    const booking = await newBooking();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(booking.id, {}, 'double-click')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it('refunds a paid booking when it is cancelled or declined', async () => {
    const booking = await newBooking();
    await pay(booking.id);
    const cancelled = await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: 'Travelling that week' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refund: { amount: '40.00' } });
    const [row] = await paymentsOf(booking.id);
    expect(row).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });

    const declined = await newBooking();
    await pay(declined.id);
    const response = await world.post(`/bookings/${declined.id}/decline`, 'provider', {});
    expect(response.body).toMatchObject({ paymentStatus: 'refunded', refund: { amount: '40.00' }, cancelledBy: 'provider' });
    const event = (await world.dataSource.getRepository(OutboxMessage).findBy({ name: 'booking.declined' })).find(
      (e) => (e.payload as { payload: { bookingId: string } }).payload.bookingId === declined.id,
    );
    expect((event!.payload as { payload: object }).payload).toMatchObject({ refundedAmount: '40.00', actor: 'provider' });
  });

  it('leaves no payment behind when the transaction fails midway', async () => {
    const booking = await newBooking();
    const spy = jest.spyOn(world.app.get(OutboxService), 'publishEvent').mockRejectedValueOnce(new Error('outbox insert failed'));
    const response = await pay(booking.id, {}, 'will-fail');
    spy.mockRestore();
    expect(response.status).toBe(500);
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect((await bookingRow(booking.id)).paymentStatus).toBe('pending');
    // The key was not used up: the retry goes through.
    expect((await pay(booking.id, {}, 'will-fail')).status).toBe(200);
  });
});
