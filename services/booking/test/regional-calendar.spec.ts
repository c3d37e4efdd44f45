import { zonedToInstant } from '@khidma/nest-kit';
import { BookingSlot } from '../src/bookings/entities/booking-slot.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ProviderSpecialHours } from '../src/regional/provider-special-hours.entity.js';
import { bookingRequest, type BookingWorld, PEOPLE, type Person, startBookingWorld } from './bookings-support.js';

/**
 * The regional calendar over HTTP (issue 17 §5): the provider works in Saudi Arabia (Asia/Riyadh,
 * UTC+3 all year) and declares Ramadan evenings 20:00–02:00. Every instant is explicit UTC, so the
 * suite reads the same on a UTC server clock and under the shifted-clock pass. On MariaDB
 * (TEST_MYSQL_URL) the concurrent claims are real concurrent transactions.
 */
const RIYADH = 'Asia/Riyadh';
const local = (date: string, time: string) => zonedToInstant(date, time, RIYADH);
const RAMADAN = { label: 'Ramadan', startDate: '2027-02-08', endDate: '2027-03-09', opensAt: '20:00', closesAt: '02:00' };
const CLIENTS: Person[] = ['client', 'otherClient', 'admin'];

describe('regional calendar', () => {
  let world: BookingWorld;
  let doorLock: string; // the demo provider's, 60 min
  let tvMount: string; // the demo provider's, 90 min: two hours

  beforeAll(async () => {
    world = await startBookingWorld();
    doorLock = await world.serviceId('door-lock-repair');
    tvMount = await world.serviceId('tv-wall-mounting');
    world.setNow(local('2027-02-01', '09:00'));
  });
  afterAll(() => world.close());

  const slots = async (date: string, serviceId = doorLock) => {
    const answer = await world.get(`/bookings/availability?serviceId=${serviceId}&date=${date}`);
    expect(answer.status).toBe(200);
    return answer.body as { timeZone: string; region: string; today: string; slots: { time: string; available: boolean; reason?: string; date?: string }[] };
  };
  const freeOf = (answer: Awaited<ReturnType<typeof slots>>) => answer.slots.filter((s) => s.available).map((s) => `${s.date ?? answer.today} ${s.time}`);
  const book = (date: string, time: string, as: Person = 'client', serviceId = doorLock) =>
    world.post('/bookings/create', as, bookingRequest(serviceId, date, time));

  describe('the provider’s region and special hours', () => {
    it('moves the provider to a region; only a known region, only by a provider', async () => {
      expect((await world.call('PUT', '/provider/region', 'provider', { region: 'XX' })).body).toMatchObject({ code: 'validation_failed', fields: { region: 'isIn' } });
      expect((await world.call('PUT', '/provider/region', 'client', { region: 'SA' })).status).toBe(403);
      const moved = await world.call('PUT', '/provider/region', 'provider', { region: 'SA' });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ region: 'SA' });
      expect((await world.dataSource.getRepository(Provider).findOneByOrFail({ userId: PEOPLE.provider.id })).region).toBe('SA');
    });

    it('refuses a range that ends before it starts, equal hours, a malformed hour or days already past, storing nothing', async () => {
      const declare = (body: object) => world.post('/provider/special-hours', 'provider', { ...RAMADAN, ...body });
      expect((await declare({ startDate: '2027-03-09', endDate: '2027-02-08' })).body).toMatchObject({ code: 'special_hours_dates', fields: { endDate: expect.any(String) } });
      expect((await declare({ closesAt: '20:00' })).body).toMatchObject({ code: 'special_hours_times' });
      const malformed = await declare({ opensAt: '25:00', closesAt: '02:30', label: '' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'validation_failed', fields: { opensAt: 'matches', closesAt: 'matches', label: 'isLength' } });
      expect((await declare({ startDate: '2027-01-01', endDate: '2027-01-31' })).body).toMatchObject({ code: 'special_hours_past' });
      expect((await world.post('/provider/special-hours', 'client', RAMADAN)).status).toBe(403);
      expect(await world.dataSource.getRepository(ProviderSpecialHours).count()).toBe(0);
    });

    it('declares Ramadan evenings past midnight and a closed Eid day; refuses an overlap', async () => {
      const ramadan = await world.post('/provider/special-hours', 'provider', RAMADAN);
      expect(ramadan.status).toBe(201);
      expect(ramadan.body).toMatchObject(RAMADAN);
      const eid = await world.post('/provider/special-hours', 'provider', { label: 'Eid', startDate: '2027-03-10', endDate: '2027-03-10', opensAt: null, closesAt: null });
      expect(eid.status).toBe(201);
      const overlap = await world.post('/provider/special-hours', 'provider', { ...RAMADAN, label: 'Late', startDate: '2027-03-09', endDate: '2027-03-11' });
      expect(overlap.status).toBe(409);
      expect(overlap.body).toMatchObject({ code: 'special_hours_overlap', params: { label: 'Ramadan', startDate: '2027-02-08', endDate: '2027-03-09' } });
      const list = await world.get('/provider/special-hours', 'provider');
      expect(list.body).toEqual({ region: 'SA', specialHours: [{ id: ramadan.body.id, ...RAMADAN }, expect.objectContaining({ label: 'Eid', opensAt: null, closesAt: null })] });
      // Another provider neither sees nor removes them.
      expect((await world.get('/provider/special-hours', 'otherProvider')).body.specialHours).toEqual([]);
      expect((await world.call('DELETE', `/provider/special-hours/${eid.body.id}`, 'otherProvider')).status).toBe(404);
      expect((await world.call('DELETE', `/provider/special-hours/${eid.body.id}`, 'provider')).status).toBe(204);
      expect((await world.get('/provider/special-hours', 'provider')).body.specialHours).toHaveLength(1);
    });
  });

  describe('booking on Ramadan hours', () => {
    it('switches from the last normal day to the first Ramadan day in the provider’s zone', async () => {
      const lastNormal = await slots('2027-02-07'); // Sunday: weekly 09–17
      expect(lastNormal).toMatchObject({ timeZone: RIYADH, region: 'SA', today: '2027-02-01' });
      expect(lastNormal.slots.filter((s) => s.available).map((s) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
      const first = await slots('2027-02-08');
      expect(first.slots.filter((s) => s.available).map((s) => `${s.date ?? '2027-02-08'} ${s.time}`)).toEqual([
        '2027-02-08 20:00',
        '2027-02-08 21:00',
        '2027-02-08 22:00',
        '2027-02-08 23:00',
        '2027-02-09 00:00',
        '2027-02-09 01:00',
      ]);
      expect((await book('2027-02-08', '10:00')).body).toMatchObject({ code: 'slot_unavailable', params: { reason: 'closed' } });
      expect((await book('2027-02-08', '00:00')).body).toMatchObject({ code: 'slot_unavailable', params: { reason: 'closed' } });
    });

    it('books the 01:00 slot of the 10th on the 9th’s evening once, and refuses it a second time', async () => {
      const booked = await book('2027-02-10', '01:00');
      expect(booked.status).toBe(201);
      // 01:00 in Riyadh is 22:00 UTC the evening before.
      expect(booked.body).toMatchObject({ scheduledDate: '2027-02-10', scheduledTime: '01:00', startsAt: '2027-02-09T22:00:00.000Z' });
      const claims = await world.dataSource.getRepository(BookingSlot).findBy({ bookingId: booked.body.id });
      expect(claims.map((c) => `${c.slotDate} ${c.slotTime}`)).toEqual(['2027-02-10 01:00']);
      expect((await book('2027-02-10', '01:00', 'otherClient')).body).toMatchObject({ code: 'slot_taken' });
      // A two-hour booking at 00:00 would cover it too; 02:00 is after closing.
      expect((await book('2027-02-10', '00:00', 'otherClient', tvMount)).body).toMatchObject({ code: 'slot_taken' });
      expect((await book('2027-02-10', '02:00', 'otherClient')).body).toMatchObject({ code: 'slot_unavailable', params: { reason: 'closed' } });
      const ninth = await slots('2027-02-09');
      expect(ninth.slots.find((s) => s.date === '2027-02-10' && s.time === '01:00')).toEqual({ time: '01:00', date: '2027-02-10', available: false, reason: 'taken' });
    });

    it('keeps the 2-hour change window on the slot’s real start', async () => {
      const booked = await book('2027-02-16', '01:00');
      expect(booked.status).toBe(201);
      world.setNow(local('2027-02-15', '22:59'));
      expect((await world.get(`/bookings/${booked.body.id}`, 'client')).body.actions.cancel).toBe(true);
      world.setNow(local('2027-02-15', '23:01'));
      const late = await world.post(`/bookings/${booked.body.id}/cancel`, 'client', { cancellationReason: 'Plans changed at the last minute' });
      expect(late.body).toMatchObject({ code: 'cancellation_too_late' });
      world.setNow(local('2027-02-01', '09:00'));
    });

    it('reads past hours around midnight in the provider’s zone: 23:59 and 00:01 local', async () => {
      world.setNow(local('2027-02-12', '23:59'));
      const beforeMidnight = await slots('2027-02-12');
      expect(beforeMidnight.today).toBe('2027-02-12');
      expect(freeOf(beforeMidnight)).toEqual(['2027-02-13 00:00', '2027-02-13 01:00']);
      world.setNow(local('2027-02-13', '00:01'));
      const afterMidnight = await slots('2027-02-12');
      expect(afterMidnight.today).toBe('2027-02-13');
      expect(afterMidnight.slots.filter((s) => s.available).map((s) => `${s.date} ${s.time}`)).toEqual(['2027-02-13 01:00']);
      expect((await book('2027-02-13', '00:00')).body).toMatchObject({ code: 'slot_unavailable', params: { reason: 'past' } });
      expect((await book('2027-02-13', '01:00')).status).toBe(201);
      world.setNow(local('2027-02-01', '09:00'));
    });

    it('lets exactly one of many simultaneous claims of an after-midnight slot through', async () => {
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => book('2027-02-11', '00:00', CLIENTS[i % CLIENTS.length])));
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(23).fill(409)]);
      // A two-hour booking from 23:00 and a one-hour one at 00:00 the next date share the 00:00 hour.
      const mixed = await Promise.all(
        Array.from({ length: 24 }, (_, i) => (i % 2 ? book('2027-02-17', '23:00', CLIENTS[i % 3], tvMount) : book('2027-02-18', '00:00', CLIENTS[i % 3]))),
      );
      expect(mixed.filter((a) => a.status === 201)).toHaveLength(1);
      const winners = await world.dataSource.getRepository(Booking).find({ where: [{ scheduledDate: '2027-02-17' }, { scheduledDate: '2027-02-18' }] });
      expect(winners).toHaveLength(1);
      const claims = await world.dataSource.getRepository(BookingSlot).findBy({ bookingId: winners[0]!.id });
      expect(claims.map((c) => `${c.slotDate} ${c.slotTime}`).sort()).toEqual(
        winners[0]!.serviceId === tvMount ? ['2027-02-17 23:00', '2027-02-18 00:00'] : ['2027-02-18 00:00'],
      );
    });
  });
});
