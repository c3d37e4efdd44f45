import { randomUUID } from 'node:crypto';
import type { ProviderServiceDto, ProviderServiceRequest, WeeklyAvailability } from '@khidma/contracts';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { bookingRequest, type BookingWorld, MONDAY_9AM, PEOPLE, type Person, startBookingWorld, TUESDAY, WEDNESDAY } from './bookings-support.js';

/** Today in the marketplace zone at MONDAY_9AM. */
const TODAY = '2030-01-07';
const daysBefore = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const newService = (extra: Partial<ProviderServiceRequest> = {}): ProviderServiceRequest => ({
  categoryId: 5,
  title: 'Quokka Shelf Fitting',
  titleAr: 'تركيب رفوف كوكا',
  description: 'Wall shelves levelled and fixed in any room.',
  descriptionAr: 'تركيب رفوف الجدران وتسويتها في أي غرفة.',
  price: 35,
  priceType: 'per_job',
  duration: 90,
  ...extra,
});

describe('provider portal API: /api/provider/*', () => {
  let world: BookingWorld;
  let ownProvider: Provider;
  let otherProvider: Provider;

  const as = (who: Person | undefined, method: string, path: string, json?: unknown) => world.call(method, `/provider${path}`, who, json);
  const create = async (body: ProviderServiceRequest = newService()) => {
    const response = await as('provider', 'POST', '/services', body);
    expect(response.status).toBe(201);
    return response.body as ProviderServiceDto;
  };
  const stored = (id: string) => world.dataSource.getRepository(ServiceListing).findOneByOrFail({ id });
  /** An admin's decision, through the admin route (which applies it with ServiceReview). */
  const decide = async (id: string, approved: boolean, reason?: string) => {
    const response = await world.post('/admin/approve-service', 'admin', { serviceId: id, approved, ...(reason ? { reason } : {}) });
    expect([id, response.status]).toEqual([id, 200]);
  };
  const awaitingReview = async () =>
    ((await world.get('/admin/pending-approvals', 'admin')).body.services as Array<{ id: string; changed: boolean }>).map((s) => [s.id, s.changed]);
  /** What the public catalogue shows: the detail (404 when hidden) and a search on a word. */
  const publicDetail = (id: string) => world.get(`/services/${id}`);
  const publicSearch = async (word: string) => ((await world.get(`/services?search=${encodeURIComponent(word)}`)).body.services as { id: string; title: string }[]);

  beforeAll(async () => {
    world = await startBookingWorld();
    // This suite checks which services are public, not how long a list answer is reused.
    world.config.CATALOGUE_CACHE_MS = 0;
    ownProvider = await world.dataSource.getRepository(Provider).findOneByOrFail({ userId: PEOPLE.provider.id });
    otherProvider = await world.dataSource.getRepository(Provider).findOneByOrFail({ userId: PEOPLE.otherProvider.id });
  });
  afterAll(() => world.close());
  beforeEach(() => world.setNow(MONDAY_9AM));

  describe('who may call', () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/services'],
      ['POST', '/services', newService()],
      ['PUT', `/services/${randomUUID()}`, newService()],
      ['POST', `/services/${randomUUID()}/deactivate`],
      ['POST', `/services/${randomUUID()}/activate`],
      ['GET', '/availability'],
      ['PUT', '/availability', { weeklyAvailability: { sunday: null, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null } }],
      ['GET', '/bookings'],
      ['GET', '/stats'],
      ['GET', '/earnings'],
    ];

    it('answers 401 signed out and 403 to clients and admins on every route, changing nothing', async () => {
      const before = await world.dataSource.getRepository(ServiceListing).count();
      for (const [method, path, body] of routes) {
        expect([method, path, (await as(undefined, method, path, body)).status]).toEqual([method, path, 401]);
        for (const who of ['client', 'admin'] as const) {
          const response = await as(who, method, path, body);
          expect([method, path, who, response.status, response.body.code]).toEqual([method, path, who, 403, 'forbidden']);
        }
      }
      expect(await world.dataSource.getRepository(ServiceListing).count()).toBe(before);
    });

    it('answers 404 provider_profile_missing to a provider account without a profile', async () => {
      // The other provider's account loses its profile for this test.
      await world.dataSource.getRepository(Provider).update(otherProvider.id, { userId: randomUUID() });
      try {
        for (const [method, path, body] of routes) {
          const response = await as('otherProvider', method, path, body);
          expect([method, path, response.status, response.body.code]).toEqual([method, path, 404, 'provider_profile_missing']);
        }
      } finally {
        await world.dataSource.getRepository(Provider).update(otherProvider.id, { userId: PEOPLE.otherProvider.id });
      }
    });
  });

  describe('services', () => {
    it('lists only the caller’s own services, every status, with bookings and rating', async () => {
      const seeded = await world.dataSource.getRepository(ServiceListing).findBy({ providerId: ownProvider.id });
      const hidden = await create(newService({ title: 'Hidden Wombat Repair' }));
      const booked = seeded[0]!;
      const booking = await world.post('/bookings/create', 'client', bookingRequest(booked.id, TUESDAY, '10:00'));
      expect(booking.status).toBe(201);

      const response = await as('provider', 'GET', '/services');
      expect(response.status).toBe(200);
      const list = response.body as ProviderServiceDto[];
      expect(list.map((s) => s.id).sort()).toEqual([...seeded.map((s) => s.id), hidden.id].sort());
      expect(list.find((s) => s.id === hidden.id)).toMatchObject({ status: 'pending', bookings: 0, rating: null, pendingRevision: null });
      expect(list.find((s) => s.id === booked.id)).toMatchObject({ status: 'active', bookings: 1, rating: booked.rating, title: booked.title });

      const others = (await as('otherProvider', 'GET', '/services')).body as ProviderServiceDto[];
      expect(others.length).toBeGreaterThan(0);
      expect(others.some((s) => s.id === hidden.id || s.id === booked.id)).toBe(false);
    });

    it('creates a pending service the catalogue does not show until an admin approves it', async () => {
      const service = await create(newService({ title: '  Quokka Shelf Fitting  ' }));
      expect(service).toEqual({
        id: expect.any(String),
        ...newService(),
        bookings: 0,
        rating: null,
        status: 'pending',
        rejectionReason: null,
        pendingRevision: null,
      });
      expect((await stored(service.id)).providerId).toBe(ownProvider.id);
      expect((await publicDetail(service.id)).status).toBe(404);
      expect(await publicSearch('quokka')).toEqual([]);

      expect(await awaitingReview()).toContainEqual([service.id, false]);
      await decide(service.id, true);
      expect(await awaitingReview()).not.toContainEqual([service.id, false]);
      expect((await publicDetail(service.id)).body).toMatchObject({ id: service.id, title: 'Quokka Shelf Fitting', price: 35, duration: 90 });
      expect((await publicSearch('quokka')).map((s) => s.id)).toEqual([service.id]);
    });

    it('names every invalid field and stores nothing', async () => {
      const before = await world.dataSource.getRepository(ServiceListing).count();
      const invalid: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ title: '   ', titleAr: undefined }, { title: 'isLength', titleAr: 'isString' }],
        [{ description: '', descriptionAr: 'x'.repeat(2001) }, { description: 'isLength', descriptionAr: 'isLength' }],
        [{ price: 0 }, { price: 'min' }],
        [{ price: 10_000.01 }, { price: 'max' }],
        [{ price: 12.345 }, { price: 'isNumber' }],
        [{ price: '20' }, { price: 'isNumber' }],
        [{ duration: 20 }, { duration: 'min' }],
        [{ duration: 510 }, { duration: 'max' }],
        [{ duration: 45 }, { duration: 'isDivisibleBy' }],
        [{ priceType: 'daily' }, { priceType: 'isIn' }],
        [{ categoryId: 99 }, { categoryId: 'categoryExists' }],
        [{ status: 'active' }, { status: 'whitelistValidation' }],
      ];
      for (const [change, fields] of invalid) {
        const response = await as('provider', 'POST', '/services', { ...newService(), ...change });
        expect([change, response.status, response.body.code, response.body.fields]).toEqual([change, 400, 'validation_failed', fields]);
      }
      expect(await world.dataSource.getRepository(ServiceListing).count()).toBe(before);
      // The bounds themselves are accepted.
      await create(newService({ price: 10_000, duration: 480 }));
      await create(newService({ price: 0.01, duration: 30, priceType: 'hourly' }));
    });

    it('keeps an active service’s live text in the catalogue while its change awaits review', async () => {
      const service = await create(newService({ title: 'Numbat Door Hanging' }));
      await decide(service.id, true);
      const change = newService({ title: 'Platypus Door Hanging', price: 55 });

      const edited = await as('provider', 'PUT', `/services/${service.id}`, change);
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        status: 'active',
        title: 'Numbat Door Hanging',
        price: 35,
        pendingRevision: { ...change, submittedAt: MONDAY_9AM.toISOString() },
      });
      expect((await stored(service.id)).revisionSubmittedAt?.toISOString()).toBe(MONDAY_9AM.toISOString());
      expect((await publicDetail(service.id)).body).toMatchObject({ title: 'Numbat Door Hanging', price: 35 });
      expect((await publicSearch('numbat')).map((s) => s.id)).toEqual([service.id]);
      expect(await publicSearch('platypus')).toEqual([]);

      expect(await awaitingReview()).toContainEqual([service.id, true]);
      await decide(service.id, true);
      expect((await stored(service.id)).pendingRevision).toBeNull();
      expect((await publicDetail(service.id)).body).toMatchObject({ title: 'Platypus Door Hanging', price: 55 });
      expect((await publicSearch('platypus')).map((s) => s.id)).toEqual([service.id]);
      expect(await publicSearch('numbat')).toEqual([]);
      const list = (await as('provider', 'GET', '/services')).body as ProviderServiceDto[];
      expect(list.find((s) => s.id === service.id)).toMatchObject({ status: 'active', title: 'Platypus Door Hanging', pendingRevision: null });
    });

    it('drops a refused change with its reason and keeps the approved text; resending the live values withdraws a change', async () => {
      const service = await create(newService({ title: 'Echidna Tiling' }));
      await decide(service.id, true);
      await as('provider', 'PUT', `/services/${service.id}`, newService({ title: 'Echidna Tiling Deluxe' }));
      await decide(service.id, false, 'Misleading title');
      const refused = (await as('provider', 'GET', '/services')).body.find((s: ProviderServiceDto) => s.id === service.id);
      expect(refused).toMatchObject({ status: 'active', title: 'Echidna Tiling', pendingRevision: null, rejectionReason: 'Misleading title' });
      expect((await publicDetail(service.id)).body.title).toBe('Echidna Tiling');

      await as('provider', 'PUT', `/services/${service.id}`, newService({ title: 'Echidna Tiling Plus' }));
      const withdrawn = await as('provider', 'PUT', `/services/${service.id}`, newService({ title: 'Echidna Tiling' }));
      expect(withdrawn.body).toMatchObject({ status: 'active', pendingRevision: null, rejectionReason: null });
      expect(await awaitingReview()).not.toContainEqual([service.id, true]);
      const nothingToDecide = await world.post('/admin/approve-service', 'admin', { serviceId: service.id, approved: true });
      expect([nothingToDecide.status, nothingToDecide.body.code]).toEqual([409, 'service_not_pending']);
    });

    it('edits a pending or refused service in place and sends it (back) to review', async () => {
      const service = await create(newService({ title: 'Bilby Grout Cleaning' }));
      const edited = await as('provider', 'PUT', `/services/${service.id}`, newService({ title: 'Bilby Grout Renewal', duration: 120 }));
      expect(edited.body).toMatchObject({ status: 'pending', title: 'Bilby Grout Renewal', duration: 120, pendingRevision: null });
      expect(await publicSearch('bilby')).toEqual([]);

      await decide(service.id, false, 'Add what the renewal includes');
      expect((await as('provider', 'GET', '/services')).body.find((s: ProviderServiceDto) => s.id === service.id)).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Add what the renewal includes',
      });
      const resubmitted = await as('provider', 'PUT', `/services/${service.id}`, newService({ title: 'Bilby Grout Renewal', description: 'Old grout out, new grout in, sealed.' }));
      expect(resubmitted.body).toMatchObject({ status: 'pending', rejectionReason: null, description: 'Old grout out, new grout in, sealed.' });
      // Still hidden: only an approval makes it public.
      expect((await publicDetail(service.id)).status).toBe(404);
      // Refused services are edited, not switched on or off.
      await decide(service.id, false, 'Still unclear');
      for (const move of ['activate', 'deactivate']) {
        const response = await as('provider', 'POST', `/services/${service.id}/${move}`);
        expect([move, response.status, response.body.code]).toEqual([move, 409, 'invalid_service_transition']);
      }
    });

    it('switches a service off (hidden, bookings kept) and on again without review once approved', async () => {
      const service = await create(newService({ title: 'Dingo Gate Repair' }));
      await decide(service.id, true);
      const booking = await world.post('/bookings/create', 'client', bookingRequest(service.id, TUESDAY, '12:00'));
      expect(booking.status).toBe(201);

      const off = await as('provider', 'POST', `/services/${service.id}/deactivate`);
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ status: 'inactive', bookings: 1 });
      expect((await publicDetail(service.id)).status).toBe(404);
      expect(await publicSearch('dingo')).toEqual([]);
      expect((await world.post('/bookings/create', 'client', bookingRequest(service.id, TUESDAY, '15:00'))).status).toBe(404);
      const existing = await world.get(`/bookings/${booking.body.id}`, 'client');
      expect(existing.body).toMatchObject({ status: 'pending', serviceId: service.id });
      expect((await as('provider', 'POST', `/services/${service.id}/deactivate`)).body.status).toBe('inactive');

      const on = await as('provider', 'POST', `/services/${service.id}/activate`);
      expect(on.body).toMatchObject({ status: 'active' });
      expect((await publicDetail(service.id)).status).toBe(200);
    });

    it('switches a seeded live service off and on (it had been approved before approvals were recorded)', async () => {
      const seeded = await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'furniture-assembly' });
      await world.dataSource.getRepository(ServiceListing).update(seeded.id, { approvedAt: null });
      expect((await as('provider', 'POST', `/services/${seeded.id}/deactivate`)).body.status).toBe('inactive');
      expect((await as('provider', 'POST', `/services/${seeded.id}/activate`)).body.status).toBe('active');
    });

    it('sends a withdrawn, never approved service back to review when switched on', async () => {
      const service = await create(newService({ title: 'Quoll Caulking' }));
      expect((await as('provider', 'POST', `/services/${service.id}/deactivate`)).body.status).toBe('inactive');
      expect((await as('provider', 'POST', `/services/${service.id}/activate`)).body.status).toBe('pending');
      expect((await publicDetail(service.id)).status).toBe(404);
    });

    it('answers 404 for another provider’s service (or an unknown id) and leaves it unchanged', async () => {
      const service = await create(newService({ title: 'Wallaby Paint Touch-up' }));
      await decide(service.id, true);
      const before = await stored(service.id);
      for (const id of [service.id, randomUUID(), 'not-an-id']) {
        for (const [method, path, body] of [
          ['PUT', `/services/${id}`, newService({ title: 'Taken over' })],
          ['POST', `/services/${id}/deactivate`],
          ['POST', `/services/${id}/activate`],
        ] as const) {
          const response = await as('otherProvider', method, path, body);
          expect([method, path, response.status, response.body.code]).toEqual([method, path, 404, 'not_found']);
        }
      }
      expect(await stored(service.id)).toEqual(before);
    });
  });

  describe('availability', () => {
    const week = (hours: [string, string] | null): WeeklyAvailability => ({
      sunday: hours, monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: null, saturday: hours,
    });

    it('shows the caller’s opening hours', async () => {
      const response = await as('otherProvider', 'GET', '/availability');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ weeklyAvailability: otherProvider.weeklyAvailability });
    });

    it('refuses bad hours day by day and stores nothing', async () => {
      const response = await as('provider', 'PUT', '/availability', {
        weeklyAvailability: {
          ...week(['09:00', '17:00']),
          sunday: undefined,
          monday: ['17:00', '09:00'],
          tuesday: ['09:30', '17:00'],
          wednesday: ['09:00', '25:00'],
          thursday: ['09:00'],
          friday: 'closed',
          saturday: ['10:00', '10:00'],
        },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'validation_failed',
        fields: {
          'weeklyAvailability.sunday': 'isDefined',
          'weeklyAvailability.monday': 'openBeforeClose',
          'weeklyAvailability.tuesday': 'isOpeningHours',
          'weeklyAvailability.wednesday': 'isOpeningHours',
          'weeklyAvailability.thursday': 'isOpeningHours',
          'weeklyAvailability.friday': 'isOpeningHours',
          'weeklyAvailability.saturday': 'openBeforeClose',
        },
      });
      const unknownDay = await as('provider', 'PUT', '/availability', { weeklyAvailability: { ...week(null), funday: null } });
      expect(unknownDay.status).toBe(400);
      expect(unknownDay.body.fields).toEqual({ 'weeklyAvailability.funday': 'whitelistValidation' });
      expect((await as('provider', 'PUT', '/availability', {})).body.fields).toEqual({ weeklyAvailability: 'isDefined' });
      expect((await world.dataSource.getRepository(Provider).findOneByOrFail({ id: ownProvider.id })).weeklyAvailability).toEqual(ownProvider.weeklyAvailability);
    });

    it('saves new hours, which the booking slot picker then offers', async () => {
      const hours = { ...week(['00:00', '24:00']), wednesday: ['12:00', '14:00'] as [string, string] };
      const saved = await as('provider', 'PUT', '/availability', { weeklyAvailability: hours });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ weeklyAvailability: hours });
      expect((await as('provider', 'GET', '/availability')).body).toEqual({ weeklyAvailability: hours });

      const handyman = await world.serviceId('handyman-hour');
      const slots = await world.get(`/bookings/availability?serviceId=${handyman}&date=${WEDNESDAY}`);
      expect(slots.status).toBe(200);
      expect(slots.body.openWeekdays).toEqual(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'saturday']);
      expect(Object.fromEntries(slots.body.slots.map((s: { time: string; reason?: string }) => [s.time, s.reason ?? 'free']))).toEqual({
        '09:00': 'closed', '10:00': 'closed', '11:00': 'closed', '12:00': 'free', '13:00': 'free',
        '14:00': 'closed', '15:00': 'closed', '16:00': 'closed', '17:00': 'closed',
      });
      // The other provider's hours are untouched.
      expect((await as('otherProvider', 'GET', '/availability')).body.weeklyAvailability).toEqual(otherProvider.weeklyAvailability);
    });
  });

  describe('bookings, stats and earnings', () => {
    let mine: ServiceListing;
    let theirs: ServiceListing;
    const seed = async (service: ServiceListing, daysAgo: number, fields: Partial<Booking>, time = '10:00') => {
      const scheduledDate = daysBefore(daysAgo);
      const id = randomUUID();
      await world.dataSource.getRepository(Booking).insert({
        id,
        bookingNumber: `KH-T${id.slice(0, 3).toUpperCase()}-${id.slice(4, 8).toUpperCase()}`,
        serviceId: service.id,
        providerId: service.providerId,
        clientId: PEOPLE.client.id,
        clientName: 'Sara Haddad',
        clientEmail: PEOPLE.client.email,
        clientLanguage: 'en',
        serviceTitle: service.title,
        serviceTitleAr: service.titleAr,
        servicePrice: service.price,
        servicePriceType: service.priceType,
        serviceCategorySlug: 'maintenance',
        serviceImageUrl: null,
        scheduledDate,
        scheduledTime: time,
        startsAt: new Date(`${scheduledDate}T${time}:00+03:00`),
        duration: 60,
        clientAddress: '12 Rainbow Street, Amman',
        clientPhone: '+962 79 123 4567',
        totalAmount: '0.00',
        status: 'pending',
        paymentStatus: 'pending',
        specialInstructions: null,
        cancellationReason: null,
        cancelledBy: null,
        seriesId: null,
        seriesFrequency: null,
        seriesIndex: null,
        seriesSize: null,
        ...fields,
      });
      return id;
    };
    const paid = { status: 'completed', paymentStatus: 'paid' } as const;
    let ids: Record<string, string>;

    beforeAll(async () => {
      mine = await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'handyman-hour' });
      theirs = await world.dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'standard-home-cleaning' });
      // Only this block's bookings count: the earlier tests' ones are removed (their hour claims go with them).
      await world.dataSource.getRepository(Booking).delete({ providerId: ownProvider.id });
      ids = {
        today: await seed(mine, 0, { ...paid, totalAmount: '30.10' }, '09:00'),
        threeDays: await seed(mine, 3, { ...paid, totalAmount: '60.20' }),
        twentyDays: await seed(mine, 20, { ...paid, totalAmount: '90.00' }),
        unpaid: await seed(mine, 2, { status: 'completed', paymentStatus: 'pending', totalAmount: '45.00' }),
        refunded: await seed(mine, 4, { status: 'cancelled', paymentStatus: 'refunded', totalAmount: '45.00' }),
        twoMonths: await seed(mine, 62, { ...paid, totalAmount: '100.00' }),
        lastYear: await seed(mine, 400, { ...paid, totalAmount: '500.00' }),
        upcomingLater: await seed(mine, -3, { status: 'accepted', totalAmount: '30.00' }, '11:00'),
        upcomingSoon: await seed(mine, -1, { status: 'pending', totalAmount: '30.00' }, '15:00'),
        theirs: await seed(theirs, 1, { ...paid, totalAmount: '999.00' }),
      };
    });

    it('sums the headline figures over the caller’s own bookings and services', async () => {
      const response = await as('provider', 'GET', '/stats');
      expect(response.status).toBe(200);
      const services = await world.dataSource.getRepository(ServiceListing).findBy({ providerId: ownProvider.id });
      const reviewed = services.filter((s) => s.reviewCount > 0);
      const stars = reviewed.reduce((sum, s) => sum + s.rating! * s.reviewCount, 0) / reviewed.reduce((sum, s) => sum + s.reviewCount, 0);
      expect(response.body).toEqual({
        // Every booking but the cancelled one.
        totalBookings: 8,
        // Completed and paid: 30.10 + 60.20 + 90.00 + 100.00 + 500.00.
        totalEarnings: '780.30',
        averageRating: Math.round(stars * 100) / 100,
        activeServices: services.filter((s) => s.status === 'active').length,
      });
      expect(response.body.averageRating).toBeGreaterThan(0);
      const theirStats = (await as('otherProvider', 'GET', '/stats')).body;
      expect(theirStats).toMatchObject({ totalBookings: 1, totalEarnings: '999.00' });
    });

    it('lists the period’s bookings, open ones soonest first, with the provider’s actions', async () => {
      const month = await as('provider', 'GET', '/bookings');
      expect(month.status).toBe(200);
      const rows = month.body.bookings as Array<{ id: string; [key: string]: unknown }>;
      expect(rows.map((row) => row.id)).toEqual([
        ids.upcomingSoon, ids.upcomingLater, ids.today, ids.unpaid, ids.threeDays, ids.refunded, ids.twentyDays,
      ]);
      expect(rows[0]).toEqual({
        id: ids.upcomingSoon,
        bookingNumber: expect.stringMatching(/^KH-/),
        clientName: 'Sara Haddad',
        clientAvatar: null,
        service: mine.title,
        serviceAr: mine.titleAr,
        date: daysBefore(-1),
        time: '15:00',
        status: 'pending',
        paymentStatus: 'pending',
        amount: '30.00',
        paid: null,
        series: null,
        actions: { cancel: false, reschedule: false, pay: false, accept: true, decline: true, start: false, complete: false },
      });
      expect(rows[1]!.actions).toMatchObject({ accept: false, decline: true, start: true });
      expect(rows.find((row) => row.id === ids.today)!.actions).toEqual({
        cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false,
      });

      const ids_ = async (period: string) => ((await as('provider', 'GET', `/bookings?period=${period}`)).body.bookings as { id: string }[]).map((r) => r.id);
      expect(await ids_('week')).toEqual([ids.upcomingSoon, ids.upcomingLater, ids.today, ids.unpaid, ids.threeDays, ids.refunded]);
      expect(await ids_('month')).toEqual(rows.map((row) => row.id));
      expect(await ids_('year')).toEqual([...rows.map((row) => row.id), ids.twoMonths]);
      expect(await ids_('all')).toEqual([...rows.map((row) => row.id), ids.twoMonths, ids.lastYear]);
      expect(await ids_('month')).not.toContain(ids.theirs);
      expect((await as('otherProvider', 'GET', '/bookings?period=all')).body.bookings.map((r: { id: string }) => r.id)).toEqual([ids.theirs]);
      const bad = await as('provider', 'GET', '/bookings?period=decade');
      expect([bad.status, bad.body.fields]).toEqual([400, { period: 'isIn' }]);
    });

    it('charts completed and paid work by day for a week or a month and by month for a year', async () => {
      const week = await as('provider', 'GET', '/earnings?period=week');
      expect(week.status).toBe(200);
      expect(week.body.period).toBe('week');
      expect(week.body.points.map((p: { bucket: string }) => p.bucket)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysBefore));
      expect(week.body.points.filter((p: { bookings: number }) => p.bookings > 0)).toEqual([
        { bucket: daysBefore(3), earnings: '60.20', bookings: 1 },
        { bucket: TODAY, earnings: '30.10', bookings: 1 },
      ]);
      expect(week.body.points[0]).toEqual({ bucket: daysBefore(6), earnings: '0.00', bookings: 0 });

      const month = await as('provider', 'GET', '/earnings');
      expect(month.body.period).toBe('month');
      expect(month.body.points).toHaveLength(30);
      expect(month.body.points[0].bucket).toBe(daysBefore(29));
      expect(month.body.points.filter((p: { bookings: number }) => p.bookings > 0).map((p: { bucket: string; earnings: string }) => [p.bucket, p.earnings])).toEqual([
        [daysBefore(20), '90.00'], [daysBefore(3), '60.20'], [TODAY, '30.10'],
      ]);

      const year = await as('provider', 'GET', '/earnings?period=year');
      expect(year.body.points.map((p: { bucket: string }) => p.bucket)).toEqual([
        '2029-02', '2029-03', '2029-04', '2029-05', '2029-06', '2029-07', '2029-08', '2029-09', '2029-10', '2029-11', '2029-12', '2030-01',
      ]);
      const byMonth = Object.fromEntries(year.body.points.map((p: { bucket: string; earnings: string }) => [p.bucket, p.earnings]));
      // 62 days before 7 Jan 2030 is 6 Nov 2029; the booking 400 days back is outside the year.
      expect(byMonth).toMatchObject({ '2029-11': '100.00', '2029-12': '90.00', '2030-01': '90.30', '2029-02': '0.00' });
      const bad = await as('provider', 'GET', '/earnings?period=all');
      expect([bad.status, bad.body.fields]).toEqual([400, { period: 'isIn' }]);
    });
  });
});
