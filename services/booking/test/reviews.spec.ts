import { randomUUID } from 'node:crypto';
import { newBookingNumber } from '../src/bookings/booking-rules.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { Review } from '../src/catalogue/entities/review.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, PEOPLE, type Person, startBookingWorld, TUESDAY } from './bookings-support.js';

const EVERYONE: (Person | undefined)[] = [undefined, 'client', 'otherClient', 'provider', 'otherProvider', 'admin'];
const DAY_MS = 86_400_000;

/** Reviews of completed bookings: run on MariaDB (TEST_MYSQL_URL) for real concurrent transactions. */
describe('reviews', () => {
  let world: BookingWorld;
  let doorLock: string; // the demo provider's
  let providerServices: string[];
  let providerId: string;

  /** A completed booking of `client` for `serviceId`, written directly (the lifecycle test goes through the API). */
  const completedBooking = async (serviceId: string, client: Person = 'client', status: Booking['status'] = 'completed') => {
    const service = await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ id: serviceId });
    const id = randomUUID();
    await world.dataSource.getRepository(Booking).insert({
      id,
      bookingNumber: newBookingNumber(),
      serviceId,
      providerId: service.providerId,
      clientId: PEOPLE[client].id,
      clientName: `Reviewer ${client}`,
      clientEmail: null,
      clientLanguage: 'en',
      serviceTitle: service.title,
      serviceTitleAr: service.titleAr,
      servicePrice: service.price,
      servicePriceType: service.priceType,
      serviceCategorySlug: 'maintenance',
      serviceImageUrl: null,
      scheduledDate: '2030-01-01',
      scheduledTime: '10:00',
      startsAt: new Date('2030-01-01T07:00:00Z'),
      duration: 60,
      clientAddress: '12 Rainbow Street, Amman',
      clientPhone: '+962 79 123 4567',
      totalAmount: '40.00',
      status,
      paymentStatus: 'paid',
      specialInstructions: null,
      cancellationReason: null,
      cancelledBy: null,
    });
    return id;
  };
  const review = (bookingId: string, body: object = { rating: 4, comment: 'Quick and tidy', language: 'en' }, as: Person = 'client') =>
    world.post(`/bookings/${bookingId}/review`, as, body);
  const reviewRows = () => world.dataSource.getRepository(Review).find();

  /** What the aggregates must be: recomputed here from the rows, independently of the service's SQL. */
  const expectedAggregates = async () => {
    const services = await world.dataSource.getRepository(ServiceListing).findBy({ providerId });
    const visible = (await reviewRows()).filter((r) => r.hiddenAt === null);
    const mean = (rows: Review[]) => (rows.length ? Math.round((rows.reduce((sum, r) => sum + r.rating, 0) / rows.length) * 100) / 100 : null);
    const ofProvider = visible.filter((r) => services.some((s) => s.id === r.serviceId));
    return {
      provider: { rating: mean(ofProvider), reviewCount: ofProvider.length },
      services: Object.fromEntries(
        services.map((s) => {
          const rows = visible.filter((r) => r.serviceId === s.id);
          return [s.id, { rating: mean(rows), reviewCount: rows.length }];
        }),
      ),
    };
  };
  const storedAggregates = async () => {
    const provider = await world.dataSource.getRepository(Provider).findOneByOrFail({ id: providerId });
    const services = await world.dataSource.getRepository(ServiceListing).findBy({ providerId });
    return {
      provider: { rating: provider.rating, reviewCount: provider.reviewCount },
      services: Object.fromEntries(services.map((s) => [s.id, { rating: s.rating, reviewCount: s.reviewCount }])),
    };
  };

  beforeAll(async () => {
    world = await startBookingWorld();
    doorLock = await world.serviceId('door-lock-repair');
    providerId = (await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ id: doorLock })).providerId;
    providerServices = (await world.dataSource.getRepository(ServiceListing).findBy({ providerId, status: 'active' })).map((s) => s.id);
  });
  afterAll(() => world.close());
  beforeEach(() => world.setNow(MONDAY_9AM));

  it('asks who is calling on every route: anonymous, client, other client, provider, other provider, admin', async () => {
    const bookingId = await completedBooking(doorLock);
    const statuses = async (method: string, path: string, body?: object) => {
      const answers: Record<string, number> = {};
      for (const as of EVERYONE) answers[as ?? 'anonymous'] = (await world.call(method, path, as, body)).status;
      return answers;
    };
    const allBut = (who: Person, ok: number, others: number) =>
      Object.fromEntries([['anonymous', 401], ...EVERYONE.slice(1).map((p) => [p!, p === who ? ok : others])]);

    // Writing: only the booking's client; strangers do not learn the booking exists.
    const body = { rating: 5, comment: 'Excellent', language: 'en' };
    for (const as of [undefined, 'otherClient', 'provider', 'otherProvider', 'admin'] as const) {
      expect([as, (await world.post(`/bookings/${bookingId}/review`, as, body)).status]).toEqual([as, { undefined: 401, otherClient: 404, otherProvider: 404, provider: 403, admin: 403 }[String(as)]]);
    }
    expect(await reviewRows().then((rows) => rows.filter((r) => r.bookingId === bookingId))).toHaveLength(0);
    const created = await review(bookingId, body);
    expect(created.status).toBe(201);
    const reviewId = created.body.id as string;

    expect(await statuses('GET', `/services/${doorLock}/reviews`)).toEqual({ anonymous: 200, client: 200, otherClient: 200, provider: 200, otherProvider: 200, admin: 200 });
    expect(await statuses('GET', `/bookings/${bookingId}/review`)).toEqual({ anonymous: 401, client: 200, otherClient: 404, provider: 200, otherProvider: 404, admin: 200 });
    expect(await statuses('GET', '/provider/reviews')).toEqual({ anonymous: 401, client: 403, otherClient: 403, provider: 200, otherProvider: 200, admin: 403 });
    expect(await statuses('GET', '/admin/reviews')).toEqual(allBut('admin', 200, 403));

    // Each write refused to everyone but its one party changes nothing; that party's succeeds.
    const stored = () => world.dataSource.getRepository(Review).findOneByOrFail({ id: reviewId });
    const before = await stored();
    for (const as of [undefined, 'otherClient', 'provider', 'otherProvider', 'admin'] as const) {
      expect([as, (await world.call('PATCH', `/reviews/${reviewId}`, as, { rating: 1 })).status]).toEqual([as, as ? 403 : 401]);
    }
    for (const as of [undefined, 'client', 'otherClient', 'otherProvider', 'admin'] as const) {
      expect([as, (await world.post(`/reviews/${reviewId}/reply`, as, { comment: 'Thanks!' })).status]).toEqual([as, as ? 403 : 401]);
    }
    for (const as of [undefined, 'client', 'otherClient', 'provider', 'otherProvider'] as const) {
      expect([as, (await world.call('PATCH', `/admin/reviews/${reviewId}/hide`, as, { hidden: true, reason: 'Spam' })).status]).toEqual([as, as ? 403 : 401]);
    }
    expect(await stored()).toEqual(before);

    expect((await world.call('PATCH', `/reviews/${reviewId}`, 'client', { rating: 4 })).status).toBe(200);
    expect((await world.post(`/reviews/${reviewId}/reply`, 'provider', { comment: 'Thank you!' })).status).toBe(200);
    expect((await world.call('PATCH', `/admin/reviews/${reviewId}/hide`, 'admin', { hidden: true, reason: 'Test' })).status).toBe(200);

    // The provider's list holds its own services' reviews only.
    const own = await world.get('/provider/reviews?pageSize=50', 'provider');
    expect(own.body.items.map((r: { id: string }) => r.id)).toContain(reviewId);
    const others = await world.get('/provider/reviews?pageSize=50', 'otherProvider');
    expect(others.body.items.map((r: { id: string }) => r.id)).not.toContain(reviewId);
  });

  it('reviews only completed bookings, once, with stars 1-5 and a language; bad input is a 400 naming the field', async () => {
    const pending = await completedBooking(doorLock, 'client', 'in_progress');
    expect((await review(pending)).body).toMatchObject({ code: 'booking_not_completed' });
    expect((await review(pending)).status).toBe(409);
    expect((await review(randomUUID())).status).toBe(404);

    const bookingId = await completedBooking(doorLock);
    const bad = await review(bookingId, { rating: 6, comment: 'x'.repeat(2001), language: 'fr', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', fields: { rating: 'max', comment: 'maxLength', language: 'isIn', extra: 'whitelistValidation' } });
    expect((await review(bookingId, { rating: 2.5, language: 'en' })).body.fields).toEqual({ rating: 'isInt' });
    expect((await review(bookingId, { rating: 0, language: 'ar' })).body.fields).toEqual({ rating: 'min' });
    expect((await reviewRows()).filter((r) => r.bookingId === bookingId)).toHaveLength(0);

    const written = await review(bookingId, { rating: 3, comment: '  خدمة جيدة  ', language: 'ar' });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({
      bookingId,
      serviceId: doorLock,
      rating: 3,
      comment: 'خدمة جيدة',
      language: 'ar',
      authorName: 'Reviewer client',
      reply: null,
      hidden: false,
      editableUntil: new Date(MONDAY_9AM.getTime() + 7 * DAY_MS).toISOString(),
      actions: { edit: true, reply: false },
    });
    const again = await review(bookingId, { rating: 5, language: 'en' });
    expect([again.status, again.body.code]).toEqual([409, 'already_reviewed']);
    expect((await world.get(`/bookings/${bookingId}/review`, 'client')).body).toMatchObject({ canReview: false, review: { id: written.body.id } });
    expect((await world.get(`/bookings/${bookingId}/review`, 'provider')).body).toMatchObject({ canReview: false, review: { actions: { edit: false, reply: true } } });
    const fresh = await completedBooking(doorLock);
    expect((await world.get(`/bookings/${fresh}/review`, 'client')).body).toEqual({ review: null, canReview: true });
  });

  it('lets the author edit for 7 days and the provider reply once', async () => {
    const bookingId = await completedBooking(doorLock);
    const { body: written } = await review(bookingId);
    world.setNow(new Date(MONDAY_9AM.getTime() + 7 * DAY_MS - 1000));
    const edited = await world.call('PATCH', `/reviews/${written.id}`, 'client', { rating: 2, comment: '' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 2, comment: '', language: 'en' });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(edited.body.createdAt));
    expect((await world.call('PATCH', `/reviews/${written.id}`, 'client', { rating: 9 })).body.fields).toEqual({ rating: 'max' });
    world.setNow(new Date(MONDAY_9AM.getTime() + 7 * DAY_MS));
    const late = await world.call('PATCH', `/reviews/${written.id}`, 'client', { rating: 5 });
    expect([late.status, late.body.code]).toEqual([409, 'review_edit_closed']);
    expect((await world.dataSource.getRepository(Review).findOneByOrFail({ id: written.id })).rating).toBe(2);

    expect((await world.post(`/reviews/${written.id}/reply`, 'provider', { comment: '   ' })).body.fields).toEqual({ comment: 'isLength' });
    const reply = await world.post(`/reviews/${written.id}/reply`, 'provider', { comment: 'Sorry to hear that, we will do better.' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ reply: { comment: 'Sorry to hear that, we will do better.' }, actions: { reply: false } });
    const twice = await world.post(`/reviews/${written.id}/reply`, 'provider', { comment: 'Again' });
    expect([twice.status, twice.body.code]).toEqual([409, 'already_replied']);
    expect((await world.call('PATCH', `/reviews/${randomUUID()}`, 'client', { rating: 3 })).status).toBe(404);
  });

  it('lists visible reviews newest first, paginated, with a histogram; hiding takes a review out of everything', async () => {
    const otherService = providerServices.find((id) => id !== doorLock)!;
    const before = (await world.get(`/services/${otherService}/reviews?pageSize=50`)).body;
    const ids: string[] = [];
    for (const [i, rating] of [5, 1, 4].entries()) {
      world.setNow(new Date(MONDAY_9AM.getTime() + (i + 1) * 60_000));
      ids.push((await review(await completedBooking(otherService), { rating, language: 'en' })).body.id);
    }
    const page1 = await world.get(`/services/${otherService}/reviews?page=1&pageSize=2`);
    expect(page1.body.reviews.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body).toMatchObject({ total: before.total + 3, page: 1, pageSize: 2 });
    expect((await world.get(`/services/${otherService}/reviews?page=2&pageSize=2`)).body.reviews[0].id).toBe(ids[0]);
    const histogram = { ...before.histogram };
    for (const rating of [5, 1, 4]) histogram[rating] += 1;
    expect(page1.body.histogram).toEqual(histogram);
    expect((await world.get(`/services/${otherService}/reviews?pageSize=51`)).body.fields).toEqual({ pageSize: 'max' });
    expect((await world.get('/services/not-a-uuid/reviews')).status).toBe(400);
    expect((await world.get(`/services/${randomUUID()}/reviews`)).status).toBe(404);

    const noReason = await world.call('PATCH', `/admin/reviews/${ids[1]}/hide`, 'admin', { hidden: true, reason: ' ' });
    expect([noReason.status, noReason.body.fields]).toEqual([400, { reason: 'isLength' }]);
    const hidden = await world.call('PATCH', `/admin/reviews/${ids[1]}/hide`, 'admin', { hidden: true, reason: 'Insulting language' });
    expect(hidden.body).toMatchObject({ hidden: true, hiddenReason: 'Insulting language' });
    const after = (await world.get(`/services/${otherService}/reviews?pageSize=50`)).body;
    expect(after.reviews.map((r: { id: string }) => r.id)).not.toContain(ids[1]);
    expect(after.histogram['1']).toBe(before.histogram['1']);
    expect(await storedAggregates()).toEqual(await expectedAggregates());
    const detail = (await world.get(`/services/${otherService}`)).body;
    expect(detail.reviews.map((r: { id: string }) => r.id)).not.toContain(ids[1]);
    expect(detail.reviewCount).toBe(after.total);
    const hiddenList = await world.get('/admin/reviews?hidden=true', 'admin');
    expect(hiddenList.body.items.map((r: { id: string }) => r.id)).toContain(ids[1]);
    expect(hiddenList.body.items.every((r: { hidden: boolean }) => r.hidden)).toBe(true);
    expect((await world.get('/admin/reviews?hidden=false&limit=100', 'admin')).body.items.map((r: { id: string }) => r.id)).not.toContain(ids[1]);
    const found = await world.get(`/admin/reviews?search=${encodeURIComponent('Reviewer client')}&limit=100`, 'admin');
    expect(found.body.items.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(ids));
    expect((await world.get('/admin/reviews?search=no-such-words-anywhere', 'admin')).body).toMatchObject({ items: [], total: 0 });

    const shown = await world.call('PATCH', `/admin/reviews/${ids[1]}/hide`, 'admin', { hidden: false });
    expect(shown.body).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await world.get(`/services/${otherService}/reviews?pageSize=50`)).body.histogram).toEqual(histogram);
    expect(await storedAggregates()).toEqual(await expectedAggregates());
  });

  it('keeps the service and provider aggregates exact under 50 concurrent reviews of one provider', async () => {
    const bookings = await Promise.all(Array.from({ length: 50 }, (_, i) => completedBooking(providerServices[i % providerServices.length]!)));
    const answers = await Promise.all(bookings.map((id, i) => review(id, { rating: (i % 5) + 1, language: i % 2 ? 'ar' : 'en' })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const expected = await expectedAggregates();
    expect(expected.provider.reviewCount).toBeGreaterThanOrEqual(50);
    expect(await storedAggregates()).toEqual(expected);
    // What the public and the provider's dashboard read follows.
    const card = (await world.get(`/services/${doorLock}`)).body;
    expect([card.rating, card.reviewCount]).toEqual([expected.services[doorLock]!.rating, expected.services[doorLock]!.reviewCount]);
    expect(card.provider.rating).toBe(expected.provider.rating);
    const stats = await world.get('/provider/stats', 'provider');
    expect(stats.body.averageRating).toBeCloseTo(expected.provider.rating!, 1);
  }, 60_000);

  it('writes one review per booking however many requests race for it', async () => {
    for (let round = 0; round < 5; round++) {
      const bookingId = await completedBooking(doorLock);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => review(bookingId, { rating: (i % 5) + 1, language: 'en' })));
      expect([round, answers.map((a) => a.status).sort()]).toEqual([round, [201, ...Array(19).fill(409)]]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'already_reviewed')).toBe(true);
      expect((await reviewRows()).filter((r) => r.bookingId === bookingId)).toHaveLength(1);
    }
    expect(await storedAggregates()).toEqual(await expectedAggregates());
  }, 60_000);

  it('follows a booking from request to completion through the API, then takes its review', async () => {
    const created = await world.post('/bookings/create', 'otherClient', bookingRequest(doorLock, TUESDAY, '15:00'));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await review(id, undefined, 'otherClient')).body.code).toBe('booking_not_completed');
    for (const move of ['accept', 'start', 'complete']) expect((await world.post(`/bookings/${id}/${move}`, 'provider')).status).toBe(200);
    expect((await world.get(`/bookings/${id}/review`, 'otherClient')).body).toEqual({ review: null, canReview: true });
    expect((await review(id, undefined, 'otherClient')).status).toBe(201);
  });
});
