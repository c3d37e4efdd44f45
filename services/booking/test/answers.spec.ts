import { answerSchemaMismatch } from '@khidma/nest-kit/testing';
import { bookingRequest, type BookingWorld, startBookingWorld, TUESDAY } from './bookings-support.js';

/** Real answers against the schemas /openapi.json documents for them (the @khidma/contracts types). */
describe('booking answers match their documented schemas', () => {
  let world: BookingWorld;
  const matches = async (operation: string, status: number, body: unknown) =>
    expect(await answerSchemaMismatch(world.url, operation, status, body)).toBeUndefined();

  beforeAll(async () => {
    world = await startBookingWorld();
  });
  afterAll(() => world.close());

  it('the catalogue: categories, a page of services and one service', async () => {
    const categories = await world.get('/service-categories');
    expect(categories.status).toBe(200);
    await matches('GET /api/service-categories', 200, categories.body);
    const list = await world.get('/services?limit=50');
    expect(list.status).toBe(200);
    expect(list.body.services.length).toBeGreaterThan(0);
    await matches('GET /api/services', 200, list.body);
    const one = await world.get(`/services/${list.body.services[0].id}`);
    expect(one.status).toBe(200);
    await matches('GET /api/services/{idOrSlug}', 200, one.body);
  });

  it('a booking, as created, read, listed, cancelled and accepted', async () => {
    const created = await world.post('/bookings/create', 'client', bookingRequest(await world.serviceId('door-lock-repair'), TUESDAY, '11:00'));
    expect(created.status).toBe(201);
    await matches('POST /api/bookings/create', 201, created.body);
    const read = await world.get(`/bookings/${created.body.id}`, 'client');
    expect(read.status).toBe(200);
    await matches('GET /api/bookings/{id}', 200, read.body);
    const mine = await world.get(`/bookings/client/${created.body.clientId}?tab=upcoming`, 'client');
    expect(mine.status).toBe(200);
    await matches('GET /api/bookings/client/{userId}', 200, mine.body);
    const cancelled = await world.post(`/bookings/${created.body.id}/cancel`, 'client', { cancellationReason: 'Plans changed, sorry' });
    expect(cancelled.status).toBe(200);
    await matches('POST /api/bookings/{id}/cancel', 200, cancelled.body);
    const other = await world.post('/bookings/create', 'client', bookingRequest(await world.serviceId('door-lock-repair'), TUESDAY, '14:00'));
    expect(other.status).toBe(201);
    const accepted = await world.post(`/bookings/${other.body.id}/accept`, 'provider');
    expect(accepted.status).toBe(200);
    await matches('POST /api/bookings/{id}/accept', 200, accepted.body);
    // A drift fails: a field the contract does not have, or a wrong type, is refused.
    expect(await answerSchemaMismatch(world.url, 'GET /api/bookings/{id}', 200, { ...read.body, extra: 1 })).toMatch(/additional/);
    expect(await answerSchemaMismatch(world.url, 'GET /api/bookings/{id}', 200, { ...read.body, duration: '60' })).toMatch(/duration/);
  });
});
