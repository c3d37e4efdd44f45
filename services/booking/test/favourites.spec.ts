import { FAVOURITE_AVAILABILITY_DAYS, type FavouritesResponse, type WeeklyAvailability } from '@khidma/contracts';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { syncProviderApproval } from '../src/catalogue/provider-approval.js';
import { Favourite } from '../src/favourites/entities/favourite.entity.js';
import { seedActivity } from '../src/seed/seed-activity.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, PEOPLE, type Person, startBookingWorld, TUESDAY } from './bookings-support.js';

const CLOSED: WeeklyAvailability = { sunday: null, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null };

/** Favourites over HTTP: run on MariaDB (TEST_MYSQL_URL) for the concurrent saves. The clock is Monday 2030-01-07 09:00 in Amman. */
describe('favourites', () => {
  let world: BookingWorld;
  let doorLock: string; // the demo provider's, per job 60 min (claims one hour)
  let tvMount: string; // the demo provider's, per job 90 min (claims two hours)
  let cleaning: string; // another provider's
  let omar: Provider; // the demo provider

  const put = (path: string, as: Person = 'client') => world.call('PUT', `/favourites/${path}`, as);
  const del = (path: string, as: Person = 'client') => world.call('DELETE', `/favourites/${path}`, as);
  const list = async (as: Person = 'client') => {
    const response = await world.get('/favourites', as);
    expect(response.status).toBe(200);
    return response.body as FavouritesResponse;
  };
  const rows = () => world.dataSource.getRepository(Favourite).find({ order: { clientId: 'ASC', kind: 'ASC', targetId: 'ASC' } });
  const setHours = (weeklyAvailability: WeeklyAvailability) =>
    world.dataSource.getRepository(Provider).save({ ...omar, weeklyAvailability });
  const availabilityOf = async (serviceId: string) => (await list()).services.find((f) => f.service.id === serviceId)?.availableThisWeek;

  beforeAll(async () => {
    world = await startBookingWorld();
    doorLock = await world.serviceId('door-lock-repair');
    tvMount = await world.serviceId('tv-wall-mounting');
    cleaning = await world.serviceId('standard-home-cleaning');
    omar = await world.dataSource.getRepository(Provider).findOneByOrFail({ userId: PEOPLE.provider.id });
  });
  afterAll(() => world.close());
  beforeEach(async () => {
    world.setNow(MONDAY_9AM);
    await world.dataSource.getRepository(Favourite).clear();
  });

  describe('who may', () => {
    it('answers 401 to anonymous callers on every route and writes nothing', async () => {
      expect((await world.get('/favourites')).status).toBe(401);
      expect((await world.call('PUT', `/favourites/services/${doorLock}`)).status).toBe(401);
      expect((await world.call('DELETE', `/favourites/services/${doorLock}`)).status).toBe(401);
      expect(await rows()).toEqual([]);
    });

    it("shows each account only its own favourites; another account's remove does not touch them", async () => {
      expect((await put(`services/${doorLock}`, 'client')).status).toBe(200);
      expect((await list('otherClient')).services).toEqual([]);
      expect((await del(`services/${doorLock}`, 'otherClient')).status).toBe(200);
      expect((await list('client')).services.map((f) => f.service.id)).toEqual([doorLock]);
    });

    it('lets any signed-in account save as a client would (a provider, an admin)', async () => {
      expect((await put(`services/${cleaning}`, 'provider')).body).toEqual({ kind: 'service', id: cleaning, favourite: true });
      expect((await put(`providers/${omar.id}`, 'admin')).status).toBe(200);
      expect((await list('provider')).services.map((f) => f.service.id)).toEqual([cleaning]);
      expect((await list('admin')).providers.map((f) => f.provider.id)).toEqual([omar.id]);
    });
  });

  describe('add and remove', () => {
    it('saves a service once however often it is added, and lists its card', async () => {
      const first = await put(`services/${doorLock}`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ kind: 'service', id: doorLock, favourite: true });
      world.setNow(new Date(MONDAY_9AM.getTime() + 3_600_000));
      expect((await put(`services/${doorLock}`)).status).toBe(200);
      expect(await rows()).toEqual([{ clientId: PEOPLE.client.id, kind: 'service', targetId: doorLock, createdAt: MONDAY_9AM }]);
      const { services, providers } = await list();
      expect(providers).toEqual([]);
      expect(services).toEqual([
        {
          service: expect.objectContaining({
            id: doorLock,
            slug: 'door-lock-repair',
            title: 'Door and Lock Repair',
            titleAr: expect.stringMatching(/[\u0600-\u06FF]/),
            price: 40,
            priceType: 'per_job',
            rating: expect.any(Number),
            imageUrl: expect.any(String),
            provider: expect.objectContaining({ id: omar.id, name: 'Nasser Home Maintenance', nameAr: 'ناصر للصيانة المنزلية' }),
          }),
          availableThisWeek: true,
          // The first save's time: the second changed nothing.
          savedAt: MONDAY_9AM.toISOString(),
        },
      ]);
    });

    it('saves a provider with its public services', async () => {
      expect((await put(`providers/${omar.id}`)).body).toEqual({ kind: 'provider', id: omar.id, favourite: true });
      const [saved] = (await list()).providers;
      expect(saved).toMatchObject({
        provider: { id: omar.id, name: 'Nasser Home Maintenance', nameAr: 'ناصر للصيانة المنزلية', city: 'Amman', cityAr: 'عمّان', verified: true },
        availableThisWeek: true,
        savedAt: MONDAY_9AM.toISOString(),
      });
      const publicIds = (await world.dataSource.getRepository(ServiceListing).findBy({ providerId: omar.id, status: 'active' })).map((s) => s.id);
      expect(saved!.services.map((s) => s.id).sort()).toEqual(publicIds.sort());
      expect(saved!.services).toContainEqual(expect.objectContaining({ id: tvMount, slug: 'tv-wall-mounting', price: 45, priceType: 'per_job' }));
    });

    it('lists the newest saved first', async () => {
      await put(`services/${doorLock}`);
      world.setNow(new Date(MONDAY_9AM.getTime() + 60_000));
      await put(`services/${cleaning}`);
      expect((await list()).services.map((f) => f.service.id)).toEqual([cleaning, doorLock]);
    });

    it('removes a favourite, and removing one that is not saved is fine too', async () => {
      await put(`services/${doorLock}`);
      await put(`providers/${omar.id}`);
      const removed = await del(`services/${doorLock}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ kind: 'service', id: doorLock, favourite: false });
      expect((await del(`services/${doorLock}`)).status).toBe(200);
      const after = await list();
      expect(after.services).toEqual([]);
      expect(after.providers.map((f) => f.provider.id)).toEqual([omar.id]);
      expect((await del(`providers/${omar.id}`)).body).toEqual({ kind: 'provider', id: omar.id, favourite: false });
      expect(await rows()).toEqual([]);
    });

    it('keeps exactly one row when the same favourite is added by concurrent requests', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => put(`services/${doorLock}`)));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect((await rows()).length).toBe(1);
      // Adds and removals of one favourite at once: on InnoDB they can deadlock, and the loser is re-run, not a 500.
      const both = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? put(`providers/${omar.id}`) : del(`providers/${omar.id}`))));
      expect(both.map((a) => a.status)).toEqual(Array(24).fill(200));
      expect((await rows()).filter((r) => r.kind === 'provider').length).toBeLessThanOrEqual(1);
    });

    it('refuses bad ids and unknown collections with 400, and unknown or non-public targets with 404, writing nothing', async () => {
      const bad = await put('services/not-a-uuid');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'validation_failed' });
      expect((await put(`bookings/${doorLock}`)).status).toBe(400);
      const unknown = await put('services/7d1e4b7a-8d0c-4c62-9a4e-5f3b2a1c0d9e');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'not_found' });
      expect((await put(`providers/${doorLock}`)).status).toBe(404); // a service id is not a provider
      const services = world.dataSource.getRepository(ServiceListing);
      await services.update({ id: cleaning }, { status: 'inactive' });
      try {
        expect((await put(`services/${cleaning}`)).status).toBe(404);
      } finally {
        await services.update({ id: cleaning }, { status: 'active' });
      }
      expect(await rows()).toEqual([]);
    });
  });

  describe('what is no longer public', () => {
    it('leaves out a saved service while it is not active, and shows it again when it is', async () => {
      await put(`services/${cleaning}`);
      await put(`services/${doorLock}`);
      const services = world.dataSource.getRepository(ServiceListing);
      await services.update({ id: cleaning }, { status: 'inactive' });
      try {
        expect((await list()).services.map((f) => f.service.id)).toEqual([doorLock]);
        expect((await rows()).length).toBe(2);
      } finally {
        await services.update({ id: cleaning }, { status: 'active' });
      }
      expect((await list()).services.map((f) => f.service.id).sort()).toEqual([cleaning, doorLock].sort());
    });

    it('leaves out a provider that is no longer approved, and its services, without forgetting them', async () => {
      await put(`services/${doorLock}`);
      await put(`providers/${omar.id}`);
      await put(`services/${cleaning}`);
      await world.dataSource.transaction(async (manager) => {
        await manager.update(Provider, { id: omar.id }, { status: 'pending' });
        await syncProviderApproval(manager, [omar.id]);
      });
      try {
        const hidden = await list();
        expect(hidden.services.map((f) => f.service.id)).toEqual([cleaning]);
        expect(hidden.providers).toEqual([]);
        expect(JSON.stringify(hidden)).not.toContain(omar.id);
        expect((await put(`providers/${omar.id}`, 'otherClient')).status).toBe(404);
      } finally {
        await world.dataSource.transaction(async (manager) => {
          await manager.update(Provider, { id: omar.id }, { status: 'approved' });
          await syncProviderApproval(manager, [omar.id]);
        });
      }
      const back = await list();
      expect(back.services.length).toBe(2);
      expect(back.providers.map((f) => f.provider.id)).toEqual([omar.id]);
    });
  });

  describe('available this week', () => {
    afterEach(() => setHours(omar.weeklyAvailability));

    it(`is true with a free start within ${FAVOURITE_AVAILABILITY_DAYS} days (today included) and false after that`, async () => {
      await put(`services/${doorLock}`);
      // Sunday 2030-01-13 is the seventh day from Monday the 7th; Monday the 14th is the eighth.
      await setHours({ ...CLOSED, sunday: ['09:00', '10:00'] });
      expect(await availabilityOf(doorLock)).toBe(true);
      await setHours({ ...CLOSED, monday: ['12:00', '13:00'] });
      expect(await availabilityOf(doorLock)).toBe(true); // today, later than now
      world.setNow(new Date(MONDAY_9AM.getTime() + 4 * 3_600_000)); // 13:00: today's hour has passed, next Monday is too far
      expect(await availabilityOf(doorLock)).toBe(false);
      await setHours(CLOSED);
      world.setNow(MONDAY_9AM);
      expect(await availabilityOf(doorLock)).toBe(false);
    });

    it('is false when the week is fully booked, and follows the service length (a two-hour job needs two free hours)', async () => {
      await put(`services/${doorLock}`);
      await put(`services/${tvMount}`);
      await put(`providers/${omar.id}`);
      // One open hour in the whole week: a 90-minute job (two hours claimed) never fits.
      await setHours({ ...CLOSED, tuesday: ['10:00', '11:00'] });
      let answer = await list();
      expect(answer.services.find((f) => f.service.id === doorLock)!.availableThisWeek).toBe(true);
      expect(answer.services.find((f) => f.service.id === tvMount)!.availableThisWeek).toBe(false);
      expect(answer.providers[0]!.availableThisWeek).toBe(true);

      // Someone books that hour through the booking API: nothing is left this week.
      const booked = await world.post('/bookings/create', 'otherClient', bookingRequest(doorLock, TUESDAY, '10:00'));
      expect(booked.status).toBe(201);
      answer = await list();
      expect(answer.services.map((f) => f.availableThisWeek)).toEqual([false, false]);
      expect(answer.providers[0]!.availableThisWeek).toBe(false);
      // The booking picker agrees: the same rules say no slot on that day.
      const picker = await world.get(`/bookings/availability?serviceId=${doorLock}&date=${TUESDAY}`, 'client');
      expect(picker.status).toBe(200);
      expect((picker.body as { slots: { available: boolean }[] }).slots.some((s) => s.available)).toBe(false);

      // Cancelled: the hour is free again.
      expect((await world.post(`/bookings/${booked.body.id}/cancel`, 'otherClient', { cancellationReason: 'Plans changed, sorry' })).status).toBe(200);
      expect(await availabilityOf(doorLock)).toBe(true);
    });
  });

  // Last: the demo activity books the demo provider's week.
  describe('demo data', () => {
    it("gives the demo client saved services and a provider, dated relative to the seed's today", async () => {
      await seedActivity(world.dataSource, world.config.MARKETPLACE_TIMEZONE, MONDAY_9AM);
      const { services, providers } = await list('client');
      expect(services.map((f) => f.service.slug)).toEqual(['sofa-carpet-shampoo', 'deep-apartment-cleaning']);
      expect(providers.map((f) => f.provider.name)).toHaveLength(1);
      for (const favourite of [...services.map((f) => ({ ...f, name: f.service.titleAr })), ...providers.map((f) => ({ ...f, name: f.provider.nameAr }))]) {
        expect(favourite.name).toMatch(/[\u0600-\u06FF]/);
        const daysAgo = (MONDAY_9AM.getTime() - Date.parse(favourite.savedAt)) / 86_400_000;
        expect(daysAgo).toBeGreaterThan(0);
        expect(daysAgo).toBeLessThan(31);
      }
      expect((await list('otherClient')).services).toEqual([]);
    });
  });
});
