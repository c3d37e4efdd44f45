import { randomUUID } from 'node:crypto';
import { In } from 'typeorm';
import { AdminAuditEntry } from '../src/audit/entities/admin-audit-entry.entity.js';
import { newBookingNumber } from '../src/bookings/booking-rules.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { Dispute } from '../src/disputes/entities/dispute.entity.js';
import { DisputeMessage } from '../src/disputes/entities/dispute-message.entity.js';
import { Notification } from '../src/notifications/entities/notification.entity.js';
import { Payment } from '../src/payments/entities/payment.entity.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, PEOPLE, type Person, startBookingWorld, TUESDAY } from './bookings-support.js';
import { waitFor } from './support.js';

const HOUR_MS = 3_600_000;
const EVERYONE: (Person | undefined)[] = [undefined, 'client', 'otherClient', 'provider', 'otherProvider', 'admin'];
/** A 1×1 PNG: a real image by its bytes. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const OPEN = { reason: 'poor_quality', description: 'The lock still sticks after the repair.', requestedAmount: 20 };

/** Disputes after a job (docs/disputes.md): run on MariaDB (TEST_MYSQL_URL) for real concurrent transactions. */
describe('disputes', () => {
  let world: BookingWorld;
  let doorLock: string; // a service of the demo provider
  /** When the bookings written by `completedBooking` were completed. */
  const COMPLETED_AT = new Date(MONDAY_9AM.getTime() - 2 * HOUR_MS);

  /** A completed, paid ($40) booking of `client`, written directly (the lifecycle test goes through the API). */
  const completedBooking = async (client: Person = 'client', overrides: Partial<Booking> = {}) => {
    const service = await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ id: doorLock });
    const id = randomUUID();
    await world.dataSource.getRepository(Booking).insert({
      id,
      bookingNumber: newBookingNumber(),
      serviceId: doorLock,
      providerId: service.providerId,
      clientId: PEOPLE[client].id,
      clientName: `Client ${client}`,
      clientEmail: null,
      clientLanguage: 'en',
      serviceTitle: service.title,
      serviceTitleAr: service.titleAr,
      servicePrice: service.price,
      servicePriceType: service.priceType,
      serviceCategorySlug: 'maintenance',
      serviceImageUrl: null,
      scheduledDate: '2030-01-06',
      scheduledTime: '10:00',
      startsAt: new Date('2030-01-06T07:00:00Z'),
      duration: 60,
      clientAddress: '12 Rainbow Street, Amman',
      clientPhone: '+962 79 123 4567',
      totalAmount: '40.00',
      status: 'completed',
      paymentStatus: 'paid',
      specialInstructions: null,
      cancellationReason: null,
      cancelledBy: null,
      completedAt: COMPLETED_AT,
      ...overrides,
    });
    await world.dataSource.getRepository(Payment).insert({
      id: randomUUID(),
      bookingId: id,
      clientId: PEOPLE[client].id,
      amount: '40.00',
      method: 'apple_pay',
      status: 'succeeded',
      declineCode: null,
      last4: null,
      expiry: null,
      idempotencyKey: null,
      requestFingerprint: 'test',
      responseStatus: 200,
      responseBody: {},
      createdAt: new Date(COMPLETED_AT.getTime() - 24 * HOUR_MS),
      refundedAt: null,
      refundedAmount: null,
    });
    return id;
  };
  const open = (bookingId: string, body: object = OPEN, as: Person = 'client') => world.post(`/bookings/${bookingId}/dispute`, as, body);
  const opened = async (bookingId?: string) => {
    const answer = await open(bookingId ?? (await completedBooking()));
    expect(answer.status).toBe(201);
    return answer.body as { id: string; bookingId: string };
  };
  const decide = (id: string, body: object, as: Person = 'admin') => world.post(`/admin/disputes/${id}/decide`, as, body);
  const chargeOf = (bookingId: string) => world.dataSource.getRepository(Payment).findOneByOrFail({ bookingId });
  const bookingRow = (id: string) => world.dataSource.getRepository(Booking).findOneByOrFail({ id });

  beforeAll(async () => {
    world = await startBookingWorld({ withWorker: true });
    doorLock = await world.serviceId('door-lock-repair');
  });
  afterAll(() => world.close());
  beforeEach(() => world.setNow(MONDAY_9AM));

  it('goes from a completed booking through opening, the provider’s answer and a partial refund, keeping the conversation', async () => {
    // The whole lifecycle through the API: the completion time is the service clock's.
    const created = await world.post('/bookings/create', 'client', bookingRequest(doorLock, TUESDAY, '10:00'));
    expect(created.status).toBe(201);
    const bookingId = created.body.id as string;
    expect((await world.post('/payments/process', 'client', { bookingId, amount: Number(created.body.totalAmount), paymentMethod: 'apple_pay' })).status).toBe(200);
    expect((await world.get(`/bookings/${bookingId}/dispute`, 'client')).body).toEqual({ dispute: null, canOpen: false, openUntil: null, refundableAmount: created.body.totalAmount });
    for (const move of ['accept', 'start', 'complete']) expect((await world.post(`/bookings/${bookingId}/${move}`, 'provider')).status).toBe(200);
    const completedAt = (await bookingRow(bookingId)).completedAt!;
    expect(completedAt.toISOString()).toBe(MONDAY_9AM.toISOString());
    const before = await world.get(`/bookings/${bookingId}/dispute`, 'client');
    expect(before.body).toEqual({ dispute: null, canOpen: true, openUntil: new Date(MONDAY_9AM.getTime() + 72 * HOUR_MS).toISOString(), refundableAmount: created.body.totalAmount });
    expect((await world.get(`/bookings/${bookingId}/dispute`, 'provider')).body.canOpen).toBe(false);

    world.setNow(new Date(MONDAY_9AM.getTime() + HOUR_MS));
    const dispute = await open(bookingId, { ...OPEN, photos: [PNG] });
    expect(dispute.status).toBe(201);
    expect(dispute.body).toMatchObject({
      bookingId,
      reason: 'poor_quality',
      status: 'open',
      outcome: null,
      requestedAmount: '20.00',
      paidAmount: created.body.totalAmount,
      refundedAmount: null,
      actions: { reply: true, decide: false },
    });
    expect(dispute.body.messages).toHaveLength(1);
    expect(dispute.body.messages[0]).toMatchObject({ side: 'client', text: OPEN.description });
    const photo = dispute.body.messages[0].photos[0] as string;
    expect(photo).toMatch(new RegExp(`^/api/disputes/${dispute.body.id}/photos/`));

    world.setNow(new Date(MONDAY_9AM.getTime() + 2 * HOUR_MS));
    const answer = await world.post(`/disputes/${dispute.body.id}/messages`, 'provider', { text: 'I will come back and adjust it for free.' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'provider_responded', respondedAt: new Date(MONDAY_9AM.getTime() + 2 * HOUR_MS).toISOString() });

    const decided = await decide(dispute.body.id, { outcome: 'partial_refund', amount: 15.5, note: 'Half of the repair was not done.' });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'resolved', outcome: 'partial_refund', refundedAmount: '15.50', actions: { reply: false, decide: false } });
    // Kept in order, all three sides.
    expect(decided.body.messages.map((m: { side: string }) => m.side)).toEqual(['client', 'provider', 'admin']);
    const seen = await world.get(`/disputes/${dispute.body.id}`, 'client');
    expect(seen.body).toMatchObject({ status: 'resolved', refundedAmount: '15.50', decisionNote: 'Half of the repair was not done.' });
    expect(seen.body.messages).toHaveLength(3);
    // The money: a partial refund leaves the charge succeeded with what went back recorded.
    const charge = await chargeOf(bookingId);
    expect({ status: charge.status, refundedAmount: charge.refundedAmount }).toEqual({ status: 'succeeded', refundedAmount: '15.50' });
    expect((await bookingRow(bookingId)).paymentStatus).toBe('paid');
  });

  it('is open for 72 hours after the completion, for completed and paid bookings only', async () => {
    const bookingId = await completedBooking();
    world.setNow(new Date(COMPLETED_AT.getTime() + 72 * HOUR_MS));
    const late = await open(bookingId);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'dispute_window_closed', params: { hours: 72 } });
    expect((await world.get(`/bookings/${bookingId}/dispute`, 'client')).body.canOpen).toBe(false);
    world.setNow(new Date(COMPLETED_AT.getTime() + 72 * HOUR_MS - 1000));
    expect((await open(bookingId)).status).toBe(201);

    const accepted = await completedBooking('client', { status: 'accepted', completedAt: null });
    expect((await open(accepted)).body.code).toBe('booking_not_completed');
    const unpaid = await completedBooking();
    await world.dataSource.getRepository(Payment).update({ bookingId: unpaid }, { status: 'declined' });
    expect((await open(unpaid)).body.code).toBe('booking_not_paid');
    expect(await world.dataSource.getRepository(Dispute).countBy({ bookingId: In([accepted, unpaid]) })).toBe(0);
  });

  it('asks who is calling on every route', async () => {
    const bookingId = await completedBooking();
    // Opening: the booking's client only; strangers do not learn the booking exists.
    for (const [as, status] of [[undefined, 401], ['otherClient', 404], ['otherProvider', 404], ['provider', 403], ['admin', 403]] as const) {
      expect([as, (await world.post(`/bookings/${bookingId}/dispute`, as, OPEN)).status]).toEqual([as, status]);
    }
    expect(await world.dataSource.getRepository(Dispute).countBy({ bookingId })).toBe(0);
    const dispute = await opened(bookingId);
    const photoPath = (await world.post(`/disputes/${dispute.id}/messages`, 'client', { text: 'Photo of the lock', photos: [PNG] })).body.messages[1].photos[0] as string;

    const statuses = async (method: string, path: string, body?: object) => {
      const answers: Record<string, number> = {};
      for (const as of EVERYONE) answers[as ?? 'anonymous'] = (await world.call(method, path, as, body)).status;
      return answers;
    };
    expect(await statuses('GET', `/bookings/${bookingId}/dispute`)).toEqual({ anonymous: 401, client: 200, otherClient: 404, provider: 200, otherProvider: 404, admin: 200 });
    expect(await statuses('GET', `/disputes/${dispute.id}`)).toEqual({ anonymous: 401, client: 200, otherClient: 404, provider: 200, otherProvider: 404, admin: 200 });
    const photoStatuses: Record<string, number> = {};
    for (const as of EVERYONE) {
      const answer = await fetch(`${world.url}${photoPath}`, { headers: as ? { authorization: `Bearer ${world.tokens[as]}` } : {} });
      photoStatuses[as ?? 'anonymous'] = answer.status;
    }
    expect(photoStatuses).toEqual({ anonymous: 401, client: 200, otherClient: 404, provider: 200, otherProvider: 404, admin: 200 });
    expect(await statuses('POST', `/disputes/${dispute.id}/messages`, { text: 'More detail' })).toEqual({ anonymous: 401, client: 201, otherClient: 404, provider: 201, otherProvider: 404, admin: 403 });
    expect(await statuses('GET', '/provider/disputes')).toEqual({ anonymous: 401, client: 403, otherClient: 403, provider: 200, otherProvider: 200, admin: 403 });
    expect(await statuses('GET', '/admin/disputes')).toEqual({ anonymous: 401, client: 403, otherClient: 403, provider: 403, otherProvider: 403, admin: 200 });
    expect(await statuses('POST', `/admin/disputes/${dispute.id}/decide`, { outcome: 'no_refund', note: 'x' })).toEqual({ anonymous: 401, client: 403, otherClient: 403, provider: 403, otherProvider: 403, admin: 200 });

    // The provider sees the disputes of its own bookings only.
    const mine = (await world.get('/provider/disputes', 'provider')).body.disputes as { id: string }[];
    const theirs = (await world.get('/provider/disputes', 'otherProvider')).body.disputes as { id: string }[];
    expect(mine.map((d) => d.id)).toContain(dispute.id);
    expect(theirs.map((d) => d.id)).not.toContain(dispute.id);
    const photo = await fetch(`${world.url}${photoPath}`, { headers: { authorization: `Bearer ${world.tokens.client}` } });
    expect([photo.headers.get('content-type'), photo.headers.get('cache-control')]).toEqual(['image/png', 'private, no-store']);
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const bookingId = await completedBooking();
    const cases: [object, number, string, object?][] = [
      [{ ...OPEN, reason: 'bored' }, 400, 'validation_failed', { reason: 'isIn' }],
      [{ ...OPEN, description: 'short' }, 400, 'validation_failed', { description: 'isLength' }],
      [{ ...OPEN, description: 'x'.repeat(2001) }, 400, 'validation_failed', { description: 'isLength' }],
      [{ ...OPEN, requestedAmount: 0 }, 400, 'validation_failed', { requestedAmount: 'min' }],
      [{ ...OPEN, requestedAmount: 40.01 }, 422, 'refund_too_large', { requestedAmount: 'max' }],
      [{ ...OPEN, photos: [PNG, PNG, PNG, PNG] }, 400, 'validation_failed', { photos: 'arrayMaxSize' }],
      [{ ...OPEN, photos: ['data:image/png;base64,aGVsbG8gd29ybGQ='] }, 400, 'invalid_image'],
    ];
    for (const [body, status, code, fields] of cases) {
      const answer = await open(bookingId, body);
      expect([answer.status, answer.body.code]).toEqual([status, code]);
      if (fields) expect(answer.body.fields).toMatchObject(fields);
    }
    expect(await world.dataSource.getRepository(Dispute).countBy({ bookingId })).toBe(0);
    expect((await open(bookingId, { ...OPEN, requestedAmount: 40 })).status).toBe(201);
  });

  it('allows one dispute per booking, also when the client opens it many times at once', async () => {
    const bookingId = await completedBooking();
    await opened(bookingId);
    const again = await open(bookingId);
    expect([again.status, again.body.code]).toEqual([409, 'dispute_exists']);

    const racing = await completedBooking();
    const answers = await Promise.all(Array.from({ length: 8 }, () => open(racing)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'dispute_exists')).toBe(true);
    const rows = await world.dataSource.getRepository(Dispute).findBy({ bookingId: racing });
    expect(rows).toHaveLength(1);
    expect(await world.dataSource.getRepository(DisputeMessage).countBy({ disputeId: rows[0]!.id })).toBe(1);
  });

  it('moves to "provider responded" on the provider’s first answer and takes no messages once resolved', async () => {
    const dispute = await opened();
    const client = await world.post(`/disputes/${dispute.id}/messages`, 'client', { text: 'Any news?' });
    expect(client.body.status).toBe('open');
    const provider = await world.post(`/disputes/${dispute.id}/messages`, 'provider', { text: 'Coming tomorrow.', photos: [PNG] });
    expect(provider.body).toMatchObject({ status: 'provider_responded' });
    expect(provider.body.messages.at(-1).photos).toHaveLength(1);
    expect((await world.post(`/disputes/${dispute.id}/messages`, 'provider', { text: '   ' })).body.fields).toMatchObject({ text: 'isLength' });
    expect((await decide(dispute.id, { outcome: 'no_refund', note: 'Fixed on a second visit.' })).status).toBe(200);
    const late = await world.post(`/disputes/${dispute.id}/messages`, 'client', { text: 'Thanks' });
    expect([late.status, late.body.code]).toEqual([409, 'dispute_resolved']);
  });

  it('decides full, partial or no refund through the payment, within the amount left', async () => {
    // Full: the whole charge goes back; payment and booking are refunded.
    const full = await opened();
    const fullAnswer = await decide(full.id, { outcome: 'full_refund', note: 'Not done at all.' });
    expect(fullAnswer.body).toMatchObject({ outcome: 'full_refund', refundedAmount: '40.00', refundableAmount: '0.00' });
    expect(await chargeOf(full.bookingId)).toMatchObject({ status: 'refunded', refundedAmount: '40.00' });
    expect((await bookingRow(full.bookingId)).paymentStatus).toBe('refunded');

    // Partial: bounds first (0 is invalid input, more than paid minus refunded is refused), nothing moves.
    const partial = await opened();
    // An earlier $10 refund of the card charge, as the refund path records it: on the payment and the booking.
    await world.dataSource.getRepository(Payment).update({ bookingId: partial.bookingId }, { refundedAmount: '10.00' });
    await world.dataSource.getRepository(Booking).update({ id: partial.bookingId }, { refundedAmount: '10.00' });
    expect((await decide(partial.id, { outcome: 'partial_refund', amount: 0, note: 'x' })).body.fields).toMatchObject({ amount: 'min' });
    expect((await decide(partial.id, { outcome: 'partial_refund', note: 'x' })).body.fields).toHaveProperty('amount');
    const tooMuch = await decide(partial.id, { outcome: 'partial_refund', amount: 30.01, note: 'x' });
    expect([tooMuch.status, tooMuch.body.code, tooMuch.body.params]).toEqual([422, 'refund_too_large', { max: '30.00' }]);
    expect((await decide(partial.id, { outcome: 'no_refund', note: '' })).body.fields).toMatchObject({ note: 'isLength' });
    expect(await chargeOf(partial.bookingId)).toMatchObject({ status: 'succeeded', refundedAmount: '10.00' });
    expect((await world.get(`/disputes/${partial.id}`, 'admin')).body.status).toBe('open');
    const ok = await decide(partial.id, { outcome: 'partial_refund', amount: 30, note: 'The rest.' });
    expect(ok.body).toMatchObject({ refundedAmount: '30.00', refundableAmount: '0.00' });
    // The last cent of the charge went back: that is a refunded payment.
    expect(await chargeOf(partial.bookingId)).toMatchObject({ status: 'refunded', refundedAmount: '40.00' });

    // None: the charge stays as it was.
    const none = await opened();
    expect((await decide(none.id, { outcome: 'no_refund', note: 'The work was done as booked.' })).body).toMatchObject({ outcome: 'no_refund', refundedAmount: '0.00' });
    expect(await chargeOf(none.bookingId)).toMatchObject({ status: 'succeeded', refundedAmount: null });

    // The admin's filter by status.
    const resolved = (await world.get('/admin/disputes?status=resolved', 'admin')).body.disputes as { id: string; status: string }[];
    expect(resolved.map((d) => d.id)).toEqual(expect.arrayContaining([full.id, partial.id, none.id]));
    expect(resolved.every((d) => d.status === 'resolved')).toBe(true);
    expect((await world.get('/admin/disputes?status=closed', 'admin')).status).toBe(400);
  });

  it('refunds exactly once when a decision is repeated or two admins decide at the same time', async () => {
    const dispute = await opened();
    expect((await decide(dispute.id, { outcome: 'partial_refund', amount: 12, note: 'Part.' })).status).toBe(200);
    const again = await decide(dispute.id, { outcome: 'partial_refund', amount: 12, note: 'Part.' });
    expect([again.status, again.body.code]).toEqual([409, 'dispute_resolved']);
    expect(await chargeOf(dispute.bookingId)).toMatchObject({ refundedAmount: '12.00' });

    const racing = await opened();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, k) => decide(racing.id, k % 2 ? { outcome: 'partial_refund', amount: 7, note: `Admin ${k}` } : { outcome: 'full_refund', note: `Admin ${k}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body;
    expect(await chargeOf(racing.bookingId)).toMatchObject({ refundedAmount: winner.refundedAmount });
    expect(await world.dataSource.getRepository(DisputeMessage).countBy({ disputeId: racing.id, side: 'admin' })).toBe(1);
    expect(await world.dataSource.getRepository(AdminAuditEntry).countBy({ targetId: racing.id })).toBe(1);
  });

  it('records the decision in the admin audit log', async () => {
    const dispute = await opened();
    await decide(dispute.id, { outcome: 'partial_refund', amount: 5, note: 'Goodwill.' });
    const entry = await world.dataSource.getRepository(AdminAuditEntry).findOneByOrFail({ targetId: dispute.id });
    expect(entry).toMatchObject({ action: 'dispute.decided', targetType: 'dispute', actorId: PEOPLE.admin.id, reason: 'Goodwill.' });
    expect(entry.summary).toMatch(/partial refund \u2066\$5\.00\u2069$/);
    const listed = await world.get('/admin/audit-log?action=dispute.decided', 'admin');
    expect(listed.body.items.map((e: { targetId: string }) => e.targetId)).toContain(dispute.id);
  });

  it('tells both parties of the opening, each message and the decision', async () => {
    const bookingId = await completedBooking();
    const dispute = await opened(bookingId);
    await world.post(`/disputes/${dispute.id}/messages`, 'provider', { text: 'Sorry about that.' });
    await decide(dispute.id, { outcome: 'partial_refund', amount: 8, note: 'Fair share.' });
    const notices = await waitFor(async () => {
      const rows = await world.dataSource
        .getRepository(Notification)
        .createQueryBuilder('n')
        .where('n.metadata LIKE :booking', { booking: `%${bookingId}%` })
        .getMany();
      return rows.length === 6 ? rows : null;
    });
    const seen = notices.map((n) => `${n.metadata.event} ${n.userId === PEOPLE.client.id ? 'client' : n.userId === PEOPLE.provider.id ? 'provider' : '?'}`).sort();
    expect(seen).toEqual(['dispute.decided client', 'dispute.decided provider', 'dispute.opened client', 'dispute.opened provider', 'dispute.replied client', 'dispute.replied provider']);
    const refund = notices.find((n) => n.metadata.event === 'dispute.decided' && n.userId === PEOPLE.client.id)!;
    expect(refund.message).toContain('$8.00');
  });

  it('shows the provider’s resolved disputes and refunds as counts on the service page, never in the rating', async () => {
    const detail = async () => (await world.get(`/services/${doorLock}`)).body.provider as { rating: number; disputes: { resolved: number; refunded: number } };
    const before = await detail();
    const refunded = await opened();
    await decide(refunded.id, { outcome: 'full_refund', note: 'Refund.' });
    const kept = await opened();
    await decide(kept.id, { outcome: 'no_refund', note: 'Done well.' });
    await opened(); // still open: not counted
    const after = await detail();
    expect(after.disputes).toEqual({ resolved: before.disputes.resolved + 2, refunded: before.disputes.refunded + 1 });
    expect(after.rating).toBe(before.rating);
  });
});
