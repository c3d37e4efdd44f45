import { UNVERIFIED_PENDING_BOOKINGS_MAX } from '@khidma/contracts';
import { fetchJson } from '@khidma/nest-kit/testing';
import { ContactMessage } from '../src/contact/entities/contact-message.entity.js';
import { bookingRequest, type BookingWorld, startBookingWorld, TUESDAY, WEDNESDAY } from './bookings-support.js';

const RATE_LIMITED = { code: 'rate_limited', message: 'Too many requests. Please wait and try again.' };

/** Issue 16's probe findings on booking, with the production allowances (RATE_LIMIT_SCALE 1). */
describe('booking abuse limits', () => {
  let world: BookingWorld;
  let next = 0;
  /** Headers of a request the gateway forwards for its own client address. */
  const via = (ip = `198.51.100.${++next}`) => ({ 'x-forwarded-for': ip });

  beforeAll(async () => {
    world = await startBookingWorld({ settings: { RATE_LIMIT_SCALE: 1 } });
  });
  afterAll(() => world?.close());

  const expectLimited = (response: { status: number; headers: Headers; body: any }) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject(RATE_LIMITED);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  it('contact form: 5 messages an hour from one address, then 429; nothing more is stored', async () => {
    const message = (n: number) => ({ name: 'Probe', email: 'probe@example.com', subject: `Hello ${n}`, message: 'Is anyone there?', type: 'support' });
    const repository = world.dataSource.getRepository(ContactMessage);
    const before = await repository.count();
    const ip = '203.0.113.30';
    for (let i = 0; i < 5; i++) expect((await world.post('/contact', undefined, message(i), via(ip))).status).toBe(201);
    expectLimited(await world.post('/contact', undefined, message(5), via(ip)));
    expect(await repository.count()).toBe(before + 5);
    expect((await world.post('/contact', undefined, message(6), via('203.0.113.31'))).status).toBe(201);
  });

  it('booking creation: 10 attempts an hour per account (counted before the body is checked), whatever the address', async () => {
    for (let i = 0; i < 10; i++) expect((await world.post('/bookings/create', 'otherClient', {}, via())).status).toBe(400);
    expectLimited(await world.post('/bookings/create', 'otherClient', {}, via()));
  });

  it('payment attempts: 10 per 10 minutes per account', async () => {
    for (let i = 0; i < 10; i++) expect((await world.post('/payments/process', 'admin', {}, via())).status).toBe(400);
    expectLimited(await world.post('/payments/process', 'admin', {}, via()));
  });

  it('uploads (provider application): 20 an hour per account', async () => {
    for (let i = 0; i < 20; i++) expect((await world.post('/providers/apply', 'otherClient', {}, via())).status).toBe(400);
    expectLimited(await world.post('/providers/apply', 'otherClient', {}, via()));
  });

  it(`an account with an unverified e-mail holds at most ${UNVERIFIED_PENDING_BOOKINGS_MAX} pending bookings; a verified one is not capped`, async () => {
    const doorLock = await world.serviceId('door-lock-repair');
    const unverified = await world.identity.sign({ role: 'client', email_verified: false }, { subject: '00000000-0000-4000-8000-000000000977' });
    const create = (time: string, token: string) =>
      fetchJson(`${world.url}/api/bookings/create`, {
        method: 'POST',
        json: bookingRequest(doorLock, WEDNESDAY, time),
        headers: { authorization: `Bearer ${token}`, ...via() },
      });
    expect((await create('09:00', unverified)).status).toBe(201);
    expect((await create('11:00', unverified)).status).toBe(201);
    const capped = await create('13:00', unverified);
    expect(capped.status).toBe(403);
    expect(capped.body).toMatchObject({ code: 'unverified_booking_limit', params: { max: UNVERIFIED_PENDING_BOOKINGS_MAX } });
    for (const time of ['09:00', '11:00', '13:00']) {
      expect((await fetchJson(`${world.url}/api/bookings/create`, {
        method: 'POST',
        json: bookingRequest(doorLock, TUESDAY, time),
        headers: { authorization: `Bearer ${world.tokens.client}`, ...via() },
      })).status).toBe(201);
    }
  });
});
