import type { BookingDto, CancelFollowingResponse, CreateSeriesResponse, ProviderBookingsResponse, SeriesPreviewResponse } from '@khidma/contracts';
import { SERIES, UNVERIFIED_PENDING_BOOKINGS_MAX } from '@khidma/contracts';
import { fetchJson } from '@khidma/nest-kit/testing';
import { In, IsNull, Not } from 'typeorm';
import { BookingSlot } from '../src/bookings/entities/booking-slot.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Payment } from '../src/payments/entities/payment.entity.js';
import { BookingSeries } from '../src/series/entities/booking-series.entity.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, PEOPLE, type Person, startBookingWorld, TUESDAY, WEDNESDAY } from './bookings-support.js';

/**
 * Recurring bookings over HTTP, on MariaDB (TEST_MYSQL_URL) and SQLite. The clock is the app's
 * injected Clock pinned to MONDAY_9AM (2030-01-07, Asia/Amman); every date below is counted from it.
 * door-lock-repair: Omar, 60 minutes, 09:00–17:00, closed on Fridays.
 */
describe('recurring bookings (series)', () => {
  let world: BookingWorld;
  let doorLock: string;

  beforeAll(async () => {
    world = await startBookingWorld();
    doorLock = await world.serviceId('door-lock-repair');
  });
  afterAll(() => world.close());
  afterEach(() => world.setNow(MONDAY_9AM));

  const plan = (date: string, time: string, extra: Record<string, unknown>) => bookingRequest(doorLock, date, time, extra);
  const preview = (body: unknown, as: Person = 'client') => world.post('/bookings/series/preview', as, body);
  const create = (body: unknown, as: Person = 'client') => world.post('/bookings/series/create', as, body);
  const created = async (body: unknown, as: Person = 'client') => {
    const answer = await create(body, as);
    expect(answer.status).toBe(201);
    return answer.body as CreateSeriesResponse;
  };
  const slotsOf = (b: Pick<BookingDto, 'scheduledDate' | 'scheduledTime'>[]) => b.map((x) => `${x.scheduledDate} ${x.scheduledTime}`);
  const seriesRows = (seriesId: string) => world.dataSource.getRepository(Booking).find({ where: { seriesId }, order: { startsAt: 'ASC' } });

  it('books a weekly series of 4 as 4 ordinary bookings, each knowing its place in the series', async () => {
    const answer = await created(plan(TUESDAY, '10:00', { frequency: 'weekly', occurrences: 4 }));
    expect(slotsOf(answer.bookings)).toEqual(['2030-01-08 10:00', '2030-01-15 10:00', '2030-01-22 10:00', '2030-01-29 10:00']);
    expect(answer.series).toMatchObject({ frequency: 'weekly', size: 4, serviceId: doorLock, clientId: PEOPLE.client.id, createdAt: MONDAY_9AM.toISOString() });
    expect(answer.bookings.map((b) => b.series)).toEqual([1, 2, 3, 4].map((index) => ({ id: answer.series.id, frequency: 'weekly', index, size: 4 })));
    expect(answer.bookings.every((b) => b.status === 'pending' && b.totalAmount === answer.bookings[0]!.totalAmount)).toBe(true);
    // Each claims its hour like a single booking.
    const claims = await world.dataSource.getRepository(BookingSlot).findBy({ bookingId: In(answer.bookings.map((b) => b.id)) });
    expect(claims).toHaveLength(4);

    const mine = await world.get(`/bookings/client/${PEOPLE.client.id}?tab=upcoming&limit=50`, 'client');
    const listed = (mine.body.bookings as BookingDto[]).filter((b) => b.series?.id === answer.series.id);
    expect(listed.map((b) => b.series!.index).sort()).toEqual([1, 2, 3, 4]);
  });

  it('repeats every two weeks up to an end date, inclusive', async () => {
    const until = await preview(plan(WEDNESDAY, '11:00', { frequency: 'biweekly', until: '2030-02-20' }));
    expect(until.status).toBe(200);
    expect(slotsOf((until.body as SeriesPreviewResponse).occurrences)).toEqual(['2030-01-09 11:00', '2030-01-23 11:00', '2030-02-06 11:00', '2030-02-20 11:00']);
    const dayBefore = await preview(plan(WEDNESDAY, '11:00', { frequency: 'biweekly', until: '2030-02-19' }));
    expect((dayBefore.body as SeriesPreviewResponse).occurrences).toHaveLength(3);
    const answer = await created(plan(WEDNESDAY, '11:00', { frequency: 'biweekly', until: '2030-02-20' }));
    expect(answer.series).toMatchObject({ frequency: 'biweekly', size: 4 });
    expect((await world.dataSource.getRepository(BookingSeries).findOneByOrFail({ id: answer.series.id })).untilDate).toBe('2030-02-20');
  });

  it('repeats monthly on the same day, or the last day of a shorter month (31 Jan → 28 Feb → 31 Mar)', async () => {
    const answer = await preview(plan('2030-01-31', '12:00', { frequency: 'monthly', occurrences: 3 }));
    expect(answer.status).toBe(200);
    const body = answer.body as SeriesPreviewResponse;
    expect(slotsOf(body.occurrences)).toEqual(['2030-01-31 12:00', '2030-02-28 12:00', '2030-03-31 12:00']);
    expect(body.conflicts).toBe(0);
  });

  it('refuses plans without an end, with both ends, or longer than the cap, and stores nothing', async () => {
    const before = await world.dataSource.getRepository(BookingSeries).count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ frequency: 'weekly' }, 400, 'series_end_required'],
      [{ frequency: 'weekly', occurrences: 3, until: '2030-02-01' }, 400, 'series_end_required'],
      [{ frequency: 'weekly', occurrences: SERIES.maxOccurrences + 1 }, 400, 'validation_failed'],
      [{ frequency: 'weekly', occurrences: 1 }, 400, 'validation_failed'],
      [{ frequency: 'weekly', until: '2031-01-01' }, 400, 'series_too_long'],
      [{ frequency: 'monthly', until: '2030-01-20' }, 400, 'series_too_short'],
      [{ frequency: 'daily', occurrences: 3 }, 400, 'validation_failed'],
    ];
    for (const [extra, status, code] of cases) {
      const answer = await create(plan('2030-03-05', '09:00', extra));
      expect([extra, answer.status, answer.body.code]).toEqual([extra, status, code]);
    }
    expect(await world.dataSource.getRepository(BookingSeries).count()).toBe(before);
    expect(await world.dataSource.getRepository(Booking).countBy({ scheduledDate: '2030-03-05' })).toBe(0);
  });

  it('reports a taken or closed occurrence with the nearest free slots, never skipping it, and creates only with a choice for it', async () => {
    // Someone else holds Tuesday 15 January 13:00.
    expect((await world.post('/bookings/create', 'otherClient', bookingRequest(doorLock, '2030-01-15', '13:00'))).status).toBe(201);
    const body = plan(TUESDAY, '13:00', { frequency: 'weekly', occurrences: 3 });
    const previewed = (await preview(body)).body as SeriesPreviewResponse;
    expect(previewed.conflicts).toBe(1);
    expect(previewed.occurrences.map((o) => [o.index, o.available, o.reason ?? null])).toEqual([
      [1, true, null],
      [2, false, 'taken'],
      [3, true, null],
    ]);
    // Same day first, nearest times first (ties: the earlier time).
    expect(previewed.occurrences[1]!.alternatives).toEqual([
      { scheduledDate: '2030-01-15', scheduledTime: '12:00' },
      { scheduledDate: '2030-01-15', scheduledTime: '14:00' },
      { scheduledDate: '2030-01-15', scheduledTime: '11:00' },
    ]);

    const seriesBefore = await world.dataSource.getRepository(BookingSeries).count();
    const refused = await create(body);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'series_conflicts', params: { conflicts: 1 } });
    expect(await world.dataSource.getRepository(BookingSeries).count()).toBe(seriesBefore);
    expect(await world.dataSource.getRepository(Booking).countBy({ clientId: PEOPLE.client.id, scheduledTime: '13:00', scheduledDate: TUESDAY })).toBe(0);

    // A resolution for an index the plan does not have is refused.
    const outside = await create({ ...body, resolutions: [{ index: 2, action: 'drop' }, { index: 4, action: 'drop' }] });
    expect([outside.status, outside.body.code]).toEqual([400, 'series_resolution_invalid']);

    const moved = await created({ ...body, resolutions: [{ index: 2, action: 'move', ...previewed.occurrences[1]!.alternatives[0]! }] });
    expect(slotsOf(moved.bookings)).toEqual(['2030-01-08 13:00', '2030-01-15 12:00', '2030-01-22 13:00']);
    expect(moved.bookings.map((b) => b.series!.index)).toEqual([1, 2, 3]);

    // A Friday (closed) start, dropped: the series is the remaining occurrences, renumbered.
    const friday = plan('2030-01-11', '10:00', { frequency: 'monthly', occurrences: 3 });
    const closed = ((await preview(friday)).body as SeriesPreviewResponse).occurrences[0]!;
    expect([closed.available, closed.reason]).toEqual([false, 'closed']);
    expect(closed.alternatives).toEqual([
      { scheduledDate: '2030-01-12', scheduledTime: '10:00' },
      { scheduledDate: '2030-01-12', scheduledTime: '09:00' },
      { scheduledDate: '2030-01-12', scheduledTime: '11:00' },
    ]);
    const dropped = await created({ ...friday, resolutions: [{ index: 1, action: 'drop' }] });
    expect(slotsOf(dropped.bookings)).toEqual(['2030-02-11 10:00', '2030-03-11 10:00']);
    expect(dropped.dropped).toEqual([1]);
    expect(dropped.bookings.map((b) => b.series)).toEqual([1, 2].map((index) => ({ id: dropped.series.id, frequency: 'monthly', index, size: 2 })));
  });

  it('applies the single booking rules to every occurrence: an unverified account past its pending cap books none of the series', async () => {
    const subject = '00000000-0000-4000-8000-000000000978';
    const unverified = await world.identity.sign({ role: 'client', email_verified: false }, { subject });
    const answer = await fetchJson(`${world.url}/api/bookings/series/create`, {
      method: 'POST',
      json: plan('2030-06-04', '09:00', { frequency: 'weekly', occurrences: UNVERIFIED_PENDING_BOOKINGS_MAX + 1 }),
      headers: { authorization: `Bearer ${unverified}` },
    });
    expect([answer.status, answer.body.code]).toEqual([403, 'unverified_booking_limit']);
    expect(await world.dataSource.getRepository(Booking).countBy({ clientId: subject })).toBe(0);
    expect(await world.dataSource.getRepository(BookingSeries).countBy({ clientId: subject })).toBe(0);
    // The provider cannot book a series of its own service either.
    const own = await create(plan('2030-06-04', '09:00', { frequency: 'weekly', occurrences: 2 }), 'provider');
    expect([own.status, own.body.code]).toEqual([403, 'forbidden']);
  });

  it('lets exactly one of several concurrent series competing for the same slots through: no double booking', async () => {
    const clients: Person[] = ['client', 'otherClient', 'admin'];
    for (let round = 0; round < 4; round++) {
      // Thursdays from 7 March 2030, a different hour each round.
      const start = new Date(Date.UTC(2030, 2, 7 + round)).toISOString().slice(0, 10);
      if (new Date(`${start}T00:00:00Z`).getUTCDay() === 5) continue;
      const time = `${String(9 + round).padStart(2, '0')}:00`;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => create(plan(start, time, { frequency: 'weekly', occurrences: 3 }), clients[i % clients.length])),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect([round, statuses]).toEqual([round, [201, 409, 409, 409, 409, 409]]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'series_conflicts')).toBe(true);
      const winner = answers.find((a) => a.status === 201)!.body as CreateSeriesResponse;
      const dates = [0, 7, 14].map((d) => new Date(Date.parse(`${start}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10));
      const rows = await world.dataSource.getRepository(Booking).find({ where: { scheduledDate: In(dates), scheduledTime: time } });
      expect(rows.map((r) => r.seriesId)).toEqual([winner.series.id, winner.series.id, winner.series.id]);
      const claims = await world.dataSource.getRepository(BookingSlot).find({ where: { slotDate: In(dates), slotTime: time } });
      expect(claims.map((c) => c.bookingId).sort()).toEqual(rows.map((r) => r.id).sort());
    }
  }, 120_000);

  describe('cancel this and all later occurrences', () => {
    let series: CreateSeriesResponse;
    let other: CreateSeriesResponse;
    let single: BookingDto;

    beforeAll(async () => {
      series = await created(plan('2030-04-02', '15:00', { frequency: 'weekly', occurrences: 5 }));
      other = await created(plan('2030-04-03', '15:00', { frequency: 'weekly', occurrences: 3 }));
      single = (await world.post('/bookings/create', 'client', bookingRequest(doorLock, '2030-04-04', '15:00'))).body as BookingDto;
      const [, , third, , fifth] = series.bookings;
      // Occurrence 3 accepted (still cancellable); occurrence 5 already done (never cancelled).
      expect((await world.post(`/bookings/${third!.id}/accept`, 'provider')).status).toBe(200);
      for (const move of ['accept', 'start', 'complete']) expect((await world.post(`/bookings/${fifth!.id}/${move}`, 'provider')).status).toBe(200);
      // Occurrence 4 paid: cancelling refunds it, as a single cancel would.
      const paid = await world.post('/payments/process', 'client', { bookingId: series.bookings[3]!.id, amount: series.bookings[3]!.totalAmount, paymentMethod: 'apple_pay' });
      expect(paid.status).toBe(200);
    });

    const reason = { cancellationReason: 'Moving away next month' };

    it('is only for its owner: a stranger gets 404, the provider 403, and nothing changes', async () => {
      const second = series.bookings[1]!.id;
      expect((await world.post(`/bookings/${second}/cancel-following`, 'otherClient', reason)).status).toBe(404);
      const provider = await world.post(`/bookings/${second}/cancel-following`, 'provider', reason);
      expect([provider.status, provider.body.code]).toEqual([403, 'forbidden']);
      expect((await world.post(`/bookings/${second}/cancel-following`, undefined, reason)).status).toBe(401);
      expect((await seriesRows(series.series.id)).map((b) => b.status)).toEqual(['pending', 'pending', 'accepted', 'pending', 'completed']);
    });

    it('refuses a booking outside a series, a short reason, and the last 2 hours before the start', async () => {
      const notSeries = await world.post(`/bookings/${single.id}/cancel-following`, 'client', reason);
      expect([notSeries.status, notSeries.body.code]).toEqual([409, 'not_in_series']);
      const short = await world.post(`/bookings/${series.bookings[1]!.id}/cancel-following`, 'client', { cancellationReason: 'no' });
      expect([short.status, short.body.code]).toEqual([400, 'validation_failed']);
      world.setNow(new Date(Date.parse(series.bookings[1]!.startsAt) - 60 * 60 * 1000));
      const late = await world.post(`/bookings/${series.bookings[1]!.id}/cancel-following`, 'client', reason);
      expect([late.status, late.body.code]).toEqual([409, 'cancellation_too_late']);
      world.setNow(MONDAY_9AM);
      expect((await seriesRows(series.series.id)).map((b) => b.status)).toEqual(['pending', 'pending', 'accepted', 'pending', 'completed']);
    });

    it('cancels this and the later pending/accepted occurrences only, refunding a paid one and releasing their hours', async () => {
      const answer = await world.post(`/bookings/${series.bookings[1]!.id}/cancel-following`, 'client', reason);
      expect(answer.status).toBe(200);
      const { cancelled } = answer.body as CancelFollowingResponse;
      expect(cancelled.map((b) => [b.series!.index, b.status, b.cancelledBy, b.refund])).toEqual([
        [2, 'cancelled', 'client', null],
        [3, 'cancelled', 'client', null],
        [4, 'cancelled', 'client', { amount: series.bookings[3]!.totalAmount, toCard: series.bookings[3]!.totalAmount, toCredit: '0.00' }],
      ]);
      expect((await seriesRows(series.series.id)).map((b) => b.status)).toEqual(['pending', 'cancelled', 'cancelled', 'cancelled', 'completed']);
      expect((await world.dataSource.getRepository(Payment).findOneByOrFail({ bookingId: series.bookings[3]!.id })).status).toBe('refunded');
      const claims = await world.dataSource.getRepository(BookingSlot).findBy({ bookingId: In(series.bookings.slice(1, 4).map((b) => b.id)) });
      expect(claims).toEqual([]);
      // The client's other series and single booking are untouched.
      expect((await seriesRows(other.series.id)).map((b) => b.status)).toEqual(['pending', 'pending', 'pending']);
      expect((await world.dataSource.getRepository(Booking).findOneByOrFail({ id: single.id })).status).toBe('pending');
      // Again on a cancelled occurrence: nothing left to cancel there.
      const again = await world.post(`/bookings/${series.bookings[1]!.id}/cancel-following`, 'client', reason);
      expect([again.status, again.body.code]).toEqual([409, 'booking_not_cancellable']);
    });
  });

  it('shows the provider which bookings belong to a series and where', async () => {
    const answer = await created(plan('2030-05-06', '16:00', { frequency: 'biweekly', occurrences: 2 }));
    const list = await world.get('/provider/bookings?period=all', 'provider');
    expect(list.status).toBe(200);
    const rows = (list.body as ProviderBookingsResponse).bookings.filter((row) => row.series?.id === answer.series.id);
    expect(rows.map((row) => [row.date, row.series])).toEqual([
      ['2030-05-06', { id: answer.series.id, frequency: 'biweekly', index: 1, size: 2 }],
      ['2030-05-20', { id: answer.series.id, frequency: 'biweekly', index: 2, size: 2 }],
    ]);
    // One-off bookings say so.
    expect((list.body as ProviderBookingsResponse).bookings.some((row) => row.series === null)).toBe(true);
    expect(await world.dataSource.getRepository(Booking).countBy({ seriesId: Not(IsNull()), providerId: answer.bookings[0]!.providerId })).toBeGreaterThan(0);
  });
});
