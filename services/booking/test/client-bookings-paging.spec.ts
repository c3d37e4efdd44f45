import { randomUUID } from 'node:crypto';
import { BOOKING_LIST_LIMITS, BOOKING_TABS, type BookingStatus, type BookingTab } from '@khidma/contracts';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { bookingRequest, type BookingWorld, PEOPLE, startBookingWorld, TUESDAY } from './bookings-support.js';

/**
 * My Bookings a page at a time (GET /api/bookings/client/:userId?tab=&limit=&after=): a history far
 * longer than a page, with bookings of the same slot and even the same millisecond, walked by cursor.
 */
describe('a client’s bookings, paged by tab', () => {
  let world: BookingWorld;
  const client = PEOPLE.client.id;
  const path = (query: string, clientId = client) => `/bookings/client/${clientId}?${query}`;
  /** Every row of the client, as the tabs must show them: latest appointment first, then latest made, then id; Upcoming the other way round. */
  let expected: Record<BookingTab, string[]>;

  beforeAll(async () => {
    world = await startBookingWorld();
    // One real booking gives a complete row (service snapshot, provider); the history is copies of it.
    const made = await world.post('/bookings/create', 'client', bookingRequest(await world.serviceId('door-lock-repair'), TUESDAY, '10:00'));
    expect(made.status).toBe(201);
    const repository = world.dataSource.getRepository(Booking);
    const template = await repository.findOneByOrFail({ id: made.body.id });
    const statuses: BookingStatus[] = ['pending', 'accepted', 'in_progress', 'completed', 'cancelled', 'completed'];
    const sameMoment = new Date('2029-06-01T08:00:00.000Z');
    const rows: Booking[] = [];
    for (let i = 0; i < 90; i++) {
      const status = statuses[i % 6]!;
      // Every fifth booking shares one slot, and half of those one creation millisecond: only the id orders them.
      const tied = i % 5 === 0;
      rows.push({
        ...template,
        id: randomUUID(),
        bookingNumber: `KH-PG${String(i).padStart(2, '0')}-TEST`,
        clientId: i % 9 === 8 ? PEOPLE.otherClient.id : client,
        status,
        scheduledDate: tied ? '2029-12-30' : `20${28 + (i % 3)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
        scheduledTime: tied ? '11:00' : `${String(8 + (i % 10)).padStart(2, '0')}:00`,
        createdAt: tied && i % 10 === 0 ? sameMoment : new Date(sameMoment.getTime() + i * 1000),
      });
    }
    await repository.insert(rows.map(({ version: _version, updatedAt: _updated, ...row }) => row));
    const mine = await repository.findBy({ clientId: client });
    const order = (a: Booking, b: Booking) =>
      b.scheduledDate.localeCompare(a.scheduledDate) ||
      b.scheduledTime.localeCompare(a.scheduledTime) ||
      b.createdAt.getTime() - a.createdAt.getTime() ||
      (a.id < b.id ? 1 : -1);
    expected = Object.fromEntries(
      (Object.keys(BOOKING_TABS) as BookingTab[]).map((tab) => [
        tab,
        mine
          .filter((b) => (BOOKING_TABS[tab] as readonly string[]).includes(b.status))
          .sort((a, b) => (tab === 'upcoming' ? -order(a, b) : order(a, b)))
          .map((b) => b.id),
      ]),
    ) as Record<BookingTab, string[]>;
  });
  afterAll(() => world.close());

  /** Follows nextCursor to the end, checking each page's size and counts. */
  const walk = async (tab: BookingTab, limit: number) => {
    const ids: string[] = [];
    const statuses = new Set<string>();
    let after: string | null = null;
    let pages = 0;
    do {
      const response = await world.get(path(`tab=${tab}&limit=${limit}${after ? `&after=${after}` : ''}`), 'client');
      expect(response.status).toBe(200);
      const page = response.body as { bookings: { id: string; status: string }[]; nextCursor: string | null; counts: Record<BookingTab, number> };
      expect(page.counts).toEqual({ upcoming: expected.upcoming.length, completed: expected.completed.length, cancelled: expected.cancelled.length });
      // A full page, but for the last; and no empty page after the last booking.
      if (page.nextCursor) expect(page.bookings).toHaveLength(limit);
      else expect(page.bookings.length).toBeGreaterThan(0);
      ids.push(...page.bookings.map((b) => b.id));
      for (const b of page.bookings) statuses.add(b.status);
      after = page.nextCursor;
      pages++;
    } while (after);
    return { ids, statuses, pages };
  };

  it('walks each tab page by page in the list order, each booking once, only that tab’s', async () => {
    expect(expected.upcoming.length).toBeGreaterThan(30);
    expect(expected.completed.length).toBeGreaterThan(20);
    for (const tab of Object.keys(BOOKING_TABS) as BookingTab[]) {
      const { ids, statuses, pages } = await walk(tab, 5);
      expect(pages).toBeGreaterThan(2);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected[tab]);
      expect([...statuses].every((status) => (BOOKING_TABS[tab] as readonly string[]).includes(status))).toBe(true);
    }
  });

  it('pages 20 by default and at most 50', async () => {
    const first = await world.get(path('tab=upcoming'), 'client');
    expect(first.body.bookings.map((b: { id: string }) => b.id)).toEqual(expected.upcoming.slice(0, BOOKING_LIST_LIMITS.defaultLimit));
    expect(typeof first.body.nextCursor).toBe('string');
    const widest = await world.get(path(`tab=upcoming&limit=${BOOKING_LIST_LIMITS.maxLimit}`), 'client');
    expect(widest.body.bookings).toHaveLength(Math.min(BOOKING_LIST_LIMITS.maxLimit, expected.upcoming.length));
  });

  it('refuses a bad page size, tab or cursor with 400 naming the field, and the list stays as it was', async () => {
    const before = (await world.get(path('tab=completed&limit=5'), 'client')).body;
    const upcomingCursor = (await world.get(path('tab=upcoming&limit=5'), 'client')).body.nextCursor as string;
    const refusals: [string, Record<string, string>][] = [
      ['tab=completed&limit=51', { limit: 'max' }],
      ['tab=completed&limit=0', { limit: 'min' }],
      ['tab=completed&limit=2.5', { limit: 'isInt' }],
      ['limit=5', { tab: 'isIn' }],
      ['tab=past&limit=5', { tab: 'isIn' }],
      ['tab=completed&after=not*a*cursor', { after: 'matches' }],
      ['tab=completed&after=bm90LWpzb24', { after: 'cursor' }],
      // A cursor of another tab does not position this one.
      [`tab=completed&after=${upcomingCursor}`, { after: 'cursor' }],
    ];
    for (const [query, fields] of refusals) {
      const refused = await world.get(path(query), 'client');
      expect([query, refused.status]).toEqual([query, 400]);
      expect(refused.body).toMatchObject({ statusCode: 400, code: 'validation_failed', fields });
      expect(refused.body).not.toHaveProperty('bookings');
    }
    expect((await world.get(path('tab=completed&limit=5'), 'client')).body).toEqual(before);
  });

  it('shows the pages to the client and admins only: another client gets 404, anonymous 401', async () => {
    const stranger = await world.get(path('tab=upcoming'), 'otherClient');
    expect([stranger.status, stranger.body.code]).toEqual([404, 'not_found']);
    expect(stranger.body).not.toHaveProperty('bookings');
    expect((await world.get(path('tab=upcoming'), 'provider')).status).toBe(404);
    expect((await world.get(path('tab=upcoming'))).status).toBe(401);
    const asAdmin = await world.get(path('tab=upcoming&limit=50'), 'admin');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.bookings.map((b: { id: string }) => b.id)).toEqual(expected.upcoming.slice(0, 50));
    // The other client's own list holds only theirs.
    const theirs = await world.get(path('tab=upcoming&limit=50', PEOPLE.otherClient.id), 'otherClient');
    expect(theirs.status).toBe(200);
    expect(theirs.body.bookings.length).toBeGreaterThan(0);
    expect(theirs.body.bookings.every((b: { clientId: string }) => b.clientId === PEOPLE.otherClient.id)).toBe(true);
  });
});
