import { jest } from '@jest/globals';
import { QUEUES } from '@khidma/contracts';
import { OutboxMessage, OutboxService } from '@khidma/nest-kit';
import { Like } from 'typeorm';
import { BookingSlot } from '../src/bookings/entities/booking-slot.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { bookingRequest, type BookingWorld, FRIDAY, MONDAY_9AM, type Person, startBookingWorld, TUESDAY, WEDNESDAY } from './bookings-support.js';

describe('bookings', () => {
  let world: BookingWorld;
  let handyman: string; // hourly $30, the demo provider's
  let doorLock: string; // per job $40, 60 min
  let tvMount: string; // per job $45, 90 min: claims two hours
  let otherProvidersService: string;

  const create = (body: object, as: Person = 'client') => world.post('/bookings/create', as, body);
  const book = async (time: string, date = TUESDAY, service = doorLock) => {
    const response = await create(bookingRequest(service, date, time));
    expect(response.status).toBe(201);
    return response.body as { id: string; [key: string]: unknown };
  };
  const claims = (bookingId: string) => world.dataSource.getRepository(BookingSlot).find({ where: { bookingId }, order: { slotTime: 'ASC' } });
  const events = (name: string) => world.dataSource.getRepository(OutboxMessage).findBy({ name });

  beforeAll(async () => {
    world = await startBookingWorld();
    handyman = await world.serviceId('handyman-hour');
    doorLock = await world.serviceId('door-lock-repair');
    tvMount = await world.serviceId('tv-wall-mounting');
    otherProvidersService = await world.serviceId('standard-home-cleaning');
  });
  afterAll(() => world.close());
  beforeEach(() => world.setNow(MONDAY_9AM));

  describe('create', () => {
    it('books a per-job service at its listed price, claims its hour and publishes booking.created', async () => {
      const response = await create(bookingRequest(doorLock, TUESDAY, '10:00', { specialInstructions: '  Ring twice  ', clientName: 'Sara Haddad' }));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        bookingNumber: expect.stringMatching(/^KH-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
        serviceId: doorLock,
        serviceTitle: 'Door and Lock Repair',
        service: { id: doorLock, title: 'Door and Lock Repair', price: 40, priceType: 'per_job', categorySlug: 'maintenance' },
        provider: { businessName: 'Nasser Home Maintenance', email: 'provider@khidma.test', city: 'Amman' },
        clientId: '00000000-0000-4000-8000-000000000001',
        clientName: 'Sara Haddad',
        scheduledDate: TUESDAY,
        scheduledTime: '10:00',
        startsAt: '2030-01-08T07:00:00.000Z', // 10:00 in Amman (UTC+3)
        duration: 60,
        totalAmount: '40.00',
        status: 'pending',
        paymentStatus: 'pending',
        specialInstructions: 'Ring twice',
        cancellationReason: null,
        cancelledBy: null,
        actions: { cancel: true, reschedule: true, pay: true, accept: false, decline: false, start: false, complete: false },
      });
      expect((await claims(response.body.id)).map((c) => c.slotTime)).toEqual(['10:00']);
      const [event] = (await events('booking.created')).filter((e) => (e.payload as { payload: { bookingId: string } }).payload.bookingId === response.body.id);
      expect((event!.payload as { payload: object }).payload).toMatchObject({
        bookingNumber: response.body.bookingNumber,
        totalAmount: '40.00',
        actor: 'client',
        client: { userId: response.body.clientId, name: 'Sara Haddad', email: `${response.body.clientId}@example.test`, language: 'en' },
        provider: { userId: '00000000-0000-4000-8000-000000000002', email: 'provider@khidma.test', language: 'ar', name: 'Nasser Home Maintenance' },
      });
    });

    it('prices an hourly service by the hours booked and claims each hour; a 90-minute job holds two hours', async () => {
      const hourly = await create(bookingRequest(handyman, TUESDAY, '13:00', { duration: 180, language: 'ar' }));
      expect(hourly.status).toBe(201);
      expect(hourly.body).toMatchObject({ duration: 180, totalAmount: '90.00' });
      expect((await claims(hourly.body.id)).map((c) => c.slotTime)).toEqual(['13:00', '14:00', '15:00']);

      // A per-job listing keeps its own duration whatever the client sends.
      const tv = await create(bookingRequest(tvMount, WEDNESDAY, '09:00', { duration: 300 }));
      expect(tv.status).toBe(201);
      expect(tv.body).toMatchObject({ duration: 90, totalAmount: '45.00' });
      expect((await claims(tv.body.id)).map((c) => c.slotTime)).toEqual(['09:00', '10:00']);
    });

    it('names each invalid field with the spec’s message and stores nothing', async () => {
      const before = await world.dataSource.getRepository(Booking).count();
      const response = await create({ serviceId: 'x', scheduledDate: '2030-02-30', scheduledTime: '08:30', clientAddress: '  ', clientPhone: 'abc', clientName: '' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'validation_failed',
        fields: { serviceId: 'isUuid', scheduledDate: 'isCalendarDate', scheduledTime: 'isIn', clientAddress: 'isLength', clientPhone: 'matches' },
      });
      for (const text of ['Please select a service type', 'Please select a date', 'Please select a time', 'Please enter your location', 'Please enter your phone number']) {
        expect(response.body.message).toContain(text);
      }
      const badDuration = await create(bookingRequest(handyman, TUESDAY, '09:00', { duration: 90 }));
      expect(badDuration.status).toBe(400);
      expect(badDuration.body.fields).toEqual({ duration: 'isDivisibleBy' });
      expect((await create(bookingRequest(handyman, TUESDAY, '09:00', { duration: 540 }))).body.fields).toEqual({ duration: 'max' });
      expect((await create(bookingRequest(handyman, TUESDAY, '09:00', { totalAmount: 1 }))).body.fields).toEqual({ totalAmount: 'whitelistValidation' });
      expect(await world.dataSource.getRepository(Booking).count()).toBe(before);
    });

    it('refuses unknown or inactive services, the provider’s own service, and anonymous callers', async () => {
      expect((await create(bookingRequest('00000000-0000-4000-8000-00000000dead', TUESDAY, '09:00'))).body.code).toBe('not_found');
      await world.dataSource.getRepository(Provider).update({ userId: '00000000-0000-4000-8000-000000000100' }, { status: 'pending' });
      expect((await create(bookingRequest(otherProvidersService, TUESDAY, '09:00'))).status).toBe(404);
      await world.dataSource.getRepository(Provider).update({ userId: '00000000-0000-4000-8000-000000000100' }, { status: 'approved' });
      const own = await create(bookingRequest(doorLock, TUESDAY, '09:00'), 'provider');
      expect(own.status).toBe(403);
      const anonymous = await world.post('/bookings/create', undefined, bookingRequest(doorLock, TUESDAY, '09:00'));
      expect(anonymous.status).toBe(401);
    });

    it('refuses past, closed, too long and taken slots with their codes', async () => {
      const reason = async (body: object) => {
        const response = await create(body);
        expect(response.status).toBe(409);
        return [response.body.code, response.body.params?.reason];
      };
      // 09:00 today has started (the clock says 09:00); yesterday is past too.
      expect(await reason(bookingRequest(doorLock, '2030-01-07', '09:00'))).toEqual(['slot_unavailable', 'past']);
      expect(await reason(bookingRequest(doorLock, '2030-01-06', '12:00'))).toEqual(['slot_unavailable', 'past']);
      expect(await reason(bookingRequest(doorLock, FRIDAY, '10:00'))).toEqual(['slot_unavailable', 'closed']);
      // Open 09:00–17:00: a 17:00 start is outside; four hours from 14:00 run past closing.
      expect(await reason(bookingRequest(doorLock, WEDNESDAY, '17:00'))).toEqual(['slot_unavailable', 'closed']);
      expect(await reason(bookingRequest(handyman, WEDNESDAY, '14:00', { duration: 240 }))).toEqual(['slot_unavailable', 'too_long']);
      // 13:00–16:00 on Tuesday is the hourly booking above; a two-hour job at 12:00 overlaps its first hour.
      const taken = await create(bookingRequest(tvMount, TUESDAY, '12:00'));
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'slot_taken', message: 'This time slot was just booked by someone else. Please pick another time.' });
      // 10:00 today is still ahead.
      expect((await create(bookingRequest(doorLock, '2030-01-07', '10:00'))).status).toBe(201);
    });

    it('leaves no booking, claim or event behind when the transaction fails midway', async () => {
      const count = async () => ({
        bookings: await world.dataSource.getRepository(Booking).count(),
        claims: await world.dataSource.getRepository(BookingSlot).count(),
        // Booking events only: e-mail jobs are named after their event (`booking.created.client`), and the
        // notifications consumer enqueues them for the earlier tests' bookings while this one runs.
        events: await world.dataSource.getRepository(OutboxMessage).countBy({ queue: QUEUES.domainEvents, name: Like('booking.%') }),
      });
      const before = await count();
      const outbox = world.app.get(OutboxService);
      const spy = jest.spyOn(outbox, 'publishEvent').mockRejectedValueOnce(new Error('outbox insert failed'));
      const response = await create(bookingRequest(tvMount, WEDNESDAY, '14:00'));
      spy.mockRestore();
      expect(response.status).toBe(500);
      expect(await count()).toEqual(before);
      // The slot is still free afterwards.
      expect((await create(bookingRequest(tvMount, WEDNESDAY, '14:00'))).status).toBe(201);
    });
  });

  describe('availability', () => {
    it('is public and says why each time is unavailable, in the marketplace zone', async () => {
      const response = await world.get(`/bookings/availability?serviceId=${tvMount}&date=${TUESDAY}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ serviceId: tvMount, date: TUESDAY, timeZone: 'Asia/Amman', today: '2030-01-07' });
      expect(response.body.openWeekdays).not.toContain('friday');
      const slots = Object.fromEntries(response.body.slots.map((s: { time: string; available: boolean; reason?: string }) => [s.time, s.reason ?? 'free']));
      // Tuesday: 10:00 (door lock) and 13:00–15:00 (handyman) are claimed; a 2-hour job needs two free hours.
      expect(slots).toEqual({
        '09:00': 'taken', '10:00': 'taken', '11:00': 'free', '12:00': 'taken', '13:00': 'taken', '14:00': 'taken',
        '15:00': 'taken', '16:00': 'too_long', '17:00': 'closed',
      });
      const friday = await world.get(`/bookings/availability?serviceId=${tvMount}&date=${FRIDAY}`);
      expect(friday.body.slots.every((s: { reason?: string }) => s.reason === 'closed')).toBe(true);
      expect((await world.get(`/bookings/availability?serviceId=${tvMount}&date=tomorrow`)).status).toBe(400);
    });

    it('counts a booking’s own hours as free only for the one who may move it', async () => {
      const booking = await book('11:00', TUESDAY);
      const path = `/bookings/availability?serviceId=${doorLock}&date=${TUESDAY}&excludeBookingId=${booking.id}`;
      const free = async (as?: Person) => (await world.get(path, as)).body.slots.find((s: { time: string }) => s.time === '11:00').available;
      expect(await free('client')).toBe(true);
      expect(await free('otherClient')).toBe(false);
      expect(await free()).toBe(false);
      await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: 'Plans changed, sorry about that' });
    });
  });

  describe('who may see and change a booking', () => {
    const everyone: (Person | undefined)[] = ['client', 'otherClient', 'provider', 'otherProvider', 'admin', undefined];

    it('shows a booking to its client, its provider and admins; 404 to others, 401 anonymous', async () => {
      const booking = await book('16:00', WEDNESDAY);
      const statuses = await Promise.all(everyone.map(async (as) => (await world.get(`/bookings/${booking.id}`, as)).status));
      expect(statuses).toEqual([200, 404, 200, 404, 200, 401]);
      const asProvider = await world.get(`/bookings/${booking.id}`, 'provider');
      expect(asProvider.body.actions).toEqual({ cancel: false, reschedule: false, pay: false, accept: true, decline: true, start: false, complete: false });
      const asAdmin = await world.get(`/bookings/${booking.id}`, 'admin');
      expect(asAdmin.body.actions).toMatchObject({ cancel: true, accept: true, pay: false });
      expect((await world.get('/bookings/00000000-0000-4000-8000-00000000dead', 'client')).status).toBe(404);
    });

    it('lists a client’s upcoming bookings soonest first, to that client and admins only', async () => {
      const path = `/bookings/client/${'00000000-0000-4000-8000-000000000001'}?tab=upcoming&limit=50`;
      const statuses = await Promise.all(everyone.map(async (as) => (await world.get(path, as)).status));
      expect(statuses).toEqual([200, 404, 404, 404, 200, 401]);
      const { bookings, nextCursor, counts } = (await world.get(path, 'client')).body as {
        bookings: { scheduledDate: string; scheduledTime: string; status: string }[];
        nextCursor: string | null;
        counts: Record<string, number>;
      };
      expect(bookings.length).toBeGreaterThan(3);
      expect([nextCursor, counts.upcoming]).toEqual([null, bookings.length]);
      expect(bookings.every((b) => ['pending', 'accepted', 'in_progress'].includes(b.status))).toBe(true);
      const keys = bookings.map((b) => `${b.scheduledDate} ${b.scheduledTime}`);
      expect(keys).toEqual([...keys].sort());
      expect((await world.get(`/bookings/client/${'00000000-0000-4000-8000-000000000901'}?tab=upcoming`, 'otherClient')).body).toEqual({
        bookings: [],
        nextCursor: null,
        counts: { upcoming: 0, completed: 0, cancelled: 0 },
      });
    });

    it('lets only the client or an admin cancel and reschedule, and only the provider or an admin move the status', async () => {
      const reason = { cancellationReason: 'Something came up at work' };
      const attempts = async (action: string, body: object = {}) => {
        const results: number[] = [];
        for (const as of ['otherClient', 'otherProvider', undefined] as const) {
          const booking = await book('09:00', '2030-01-14');
          results.push((await world.post(`/bookings/${booking.id}/${action}`, as, body)).status);
          await world.post(`/bookings/${booking.id}/cancel`, 'client', reason);
        }
        return results;
      };
      for (const action of ['cancel', 'reschedule', 'accept', 'decline', 'start', 'complete']) {
        const body = action === 'cancel' ? reason : action === 'reschedule' ? { scheduledDate: '2030-01-15', scheduledTime: '09:00' } : {};
        expect([action, ...(await attempts(action, body))]).toEqual([action, 404, 404, 401]);
      }

      const booking = await book('09:00', '2030-01-14');
      expect((await world.post(`/bookings/${booking.id}/accept`, 'client')).status).toBe(403);
      expect((await world.post(`/bookings/${booking.id}/cancel`, 'provider', reason)).status).toBe(403);
      expect((await world.post(`/bookings/${booking.id}/reschedule`, 'provider', { scheduledDate: '2030-01-15', scheduledTime: '09:00' })).status).toBe(403);
      const byAdmin = await world.post(`/bookings/${booking.id}/cancel`, 'admin', reason);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ status: 'cancelled', cancelledBy: 'admin', refund: null });
    });
  });

  describe('cancel and reschedule', () => {
    it('needs a reason of at least 10 characters after trimming', async () => {
      const booking = await book('11:00', '2030-01-15');
      const short = await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: '   too short   ' });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: 'validation_failed', fields: { cancellationReason: 'minLength' } });
      expect(short.body.message).toContain('Reason must be at least 10 characters');
      const done = await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: '  I found another time  ' });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'cancelled', cancelledBy: 'client', cancellationReason: 'I found another time', refund: null });
      expect(done.body.actions).toMatchObject({ cancel: false, reschedule: false, pay: false });
      expect(await claims(booking.id)).toEqual([]);
      const again = await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: 'I found another time' });
      expect(again.body.code).toBe('booking_not_cancellable');
      // Its hour is free again.
      await book('11:00', '2030-01-15');
    });

    it('stops at 2 hours before the start, by the marketplace clock', async () => {
      const booking = await book('12:00', '2030-01-16'); // 09:00 UTC
      world.setNow(new Date('2030-01-16T07:00:01Z')); // 1:59:59 before
      expect((await world.get(`/bookings/${booking.id}`, 'client')).body.actions).toMatchObject({ cancel: false, reschedule: false });
      const late = await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: 'Running late today' });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('cancellation_too_late');
      expect((await world.post(`/bookings/${booking.id}/reschedule`, 'client', { scheduledDate: '2030-01-17', scheduledTime: '12:00' })).body.code).toBe('cancellation_too_late');
      world.setNow(new Date('2030-01-16T07:00:00Z')); // exactly 2 hours before
      expect((await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: 'Running late today' })).status).toBe(200);
    });

    it('moves a booking to a free slot, swapping its claims, and refuses a taken or closed one', async () => {
      const tv = await book('10:00', '2030-01-21', tvMount); // 10:00–12:00
      await book('14:00', '2030-01-21');
      // Overlapping its own current hours is fine.
      const moved = await world.post(`/bookings/${tv.id}/reschedule`, 'client', { scheduledDate: '2030-01-21', scheduledTime: '11:00' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ scheduledDate: '2030-01-21', scheduledTime: '11:00', startsAt: '2030-01-21T08:00:00.000Z', status: 'pending' });
      expect((await claims(tv.id)).map((c) => c.slotTime)).toEqual(['11:00', '12:00']);
      const taken = await world.post(`/bookings/${tv.id}/reschedule`, 'client', { scheduledDate: '2030-01-21', scheduledTime: '13:00' });
      expect(taken.body.code).toBe('slot_taken');
      const closed = await world.post(`/bookings/${tv.id}/reschedule`, 'client', { scheduledDate: '2030-01-25', scheduledTime: '13:00' });
      expect(closed.body).toMatchObject({ code: 'slot_unavailable', params: { reason: 'closed' } });
      expect((await world.post(`/bookings/${tv.id}/reschedule`, 'client', { scheduledDate: '2030-01-21' })).status).toBe(400);
      expect((await claims(tv.id)).map((c) => c.slotTime)).toEqual(['11:00', '12:00']);
      const [event] = (await events('booking.rescheduled')).filter((e) => (e.payload as { payload: { bookingId: string } }).payload.bookingId === tv.id);
      expect((event!.payload as { payload: object }).payload).toMatchObject({ scheduledTime: '11:00', previous: { scheduledDate: '2030-01-21', scheduledTime: '10:00' } });
    });
  });

  describe('provider moves', () => {
    it('accepts, starts and completes (counting the job), and refuses moves from the wrong status', async () => {
      const booking = await book('09:00', '2030-01-22');
      const jobs = async () => (await world.dataSource.getRepository(Provider).findOneByOrFail({ userId: '00000000-0000-4000-8000-000000000002' })).completedJobs;
      const before = await jobs();
      expect((await world.post(`/bookings/${booking.id}/start`, 'provider')).body).toMatchObject({
        code: 'invalid_transition', params: { from: 'pending', to: 'in_progress' },
      });
      expect((await world.post(`/bookings/${booking.id}/accept`, 'provider')).body).toMatchObject({ status: 'accepted' });
      expect((await world.post(`/bookings/${booking.id}/accept`, 'provider')).status).toBe(409);
      expect((await world.post(`/bookings/${booking.id}/start`, 'provider')).body).toMatchObject({ status: 'in_progress', actions: { complete: true } });
      expect((await world.post(`/bookings/${booking.id}/cancel`, 'client', { cancellationReason: 'Too late to cancel now' })).body.code).toBe('booking_not_cancellable');
      expect((await world.post(`/bookings/${booking.id}/complete`, 'admin')).body).toMatchObject({ status: 'completed' });
      expect(await jobs()).toBe(before + 1);
      expect((await world.post(`/bookings/${booking.id}/decline`, 'provider')).body.code).toBe('invalid_transition');
      const types = (await world.dataSource.getRepository(OutboxMessage).find())
        .filter((e) => (e.payload as { payload?: { bookingId?: string } }).payload?.bookingId === booking.id)
        .map((e) => e.name)
        .sort();
      expect(types).toEqual(['booking.accepted', 'booking.completed', 'booking.created', 'booking.started']);
    });

    it('declines an accepted booking with a reason and frees its hours', async () => {
      const booking = await book('15:00', '2030-01-22');
      await world.post(`/bookings/${booking.id}/accept`, 'provider');
      const declined = await world.post(`/bookings/${booking.id}/decline`, 'provider', { reason: 'Tools in repair' });
      expect(declined.status).toBe(200);
      expect(declined.body).toMatchObject({ status: 'cancelled', cancelledBy: 'provider', cancellationReason: 'Tools in repair', refund: null });
      expect(await claims(booking.id)).toEqual([]);
    });
  });
});
