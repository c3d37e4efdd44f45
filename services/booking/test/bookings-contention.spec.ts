import { BookingSlot } from '../src/bookings/entities/booking-slot.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { bookingRequest, type BookingWorld, type Person, CONCURRENT_REQUESTS_SETTINGS, startBookingWorld } from './bookings-support.js';

const ROUNDS = 20;
const CONCURRENT = 50;
const CLIENTS: Person[] = ['client', 'otherClient', 'admin'];

/** Double booking under load: run it on MariaDB (TEST_MYSQL_URL) for real concurrent transactions. */
describe('bookings under contention', () => {
  let world: BookingWorld;
  let doorLock: string; // 60 min
  let tvMount: string; // 90 min: two hours

  beforeAll(async () => {
    world = await startBookingWorld({ settings: CONCURRENT_REQUESTS_SETTINGS });
    doorLock = await world.serviceId('door-lock-repair');
    tvMount = await world.serviceId('tv-wall-mounting');
  });
  afterAll(() => world.close());

  const rows = async (date: string) => ({
    bookings: await world.dataSource.getRepository(Booking).find({ where: { scheduledDate: date } }),
    claims: await world.dataSource.getRepository(BookingSlot).find({ where: { slotDate: date }, order: { slotTime: 'ASC' } }),
  });

  it(`lets exactly one of ${CONCURRENT} simultaneous requests for one slot through, ${ROUNDS} rounds running`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Mondays to Thursdays from 4 March 2030, a different hour each round.
      const date = new Date(Date.UTC(2030, 2, 4 + Math.floor(round / 4) * 7 + (round % 4))).toISOString().slice(0, 10);
      const time = `${String(9 + (round % 8)).padStart(2, '0')}:00`;
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          world.post('/bookings/create', CLIENTS[i % CLIENTS.length], bookingRequest(doorLock, date, time)),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect([round, statuses]).toEqual([round, [201, ...Array(CONCURRENT - 1).fill(409)]]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'slot_taken')).toBe(true);
      const { bookings, claims } = await rows(date);
      expect(bookings).toHaveLength(1);
      expect(claims.map((c) => [c.slotTime, c.bookingId])).toEqual([[time, bookings[0]!.id]]);
    }
    // 1,000 requests: room for a busy CI machine (the time is not what is tested).
  }, 240_000);

  it('never lets a two-hour booking and a one-hour booking share an hour', async () => {
    for (let round = 0; round < 5; round++) {
      const date = new Date(Date.UTC(2030, 4, 6 + round)).toISOString().slice(0, 10); // Monday 6 May onwards
      if (new Date(`${date}T00:00:00Z`).getUTCDay() === 5) continue; // the provider's day off
      // 10:00–12:00 against 11:00–12:00: half of each.
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          world.post('/bookings/create', CLIENTS[i % CLIENTS.length], i % 2 ? bookingRequest(tvMount, date, '10:00') : bookingRequest(doorLock, date, '11:00')),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      const { bookings, claims } = await rows(date);
      expect(bookings).toHaveLength(1);
      const expected = bookings[0]!.serviceId === tvMount ? ['10:00', '11:00'] : ['11:00'];
      expect(claims.map((c) => c.slotTime)).toEqual(expected);
    }
  }, 120_000);
});
