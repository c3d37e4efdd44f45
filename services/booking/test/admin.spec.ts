import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { type EmailJob, QUEUES } from '@khidma/contracts';
import { Clock, OutboxMessage, zonedToday } from '@khidma/nest-kit';
import { fetchJson, type SmtpPeer, startSmtpPeer } from '@khidma/nest-kit/testing';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Client, identityTestConfig, type IdentityTestConfig, mailTo, startIdentity, uniqueEmail } from '../../identity/test/support.js';
import { AdminAuditEntry } from '../src/audit/entities/admin-audit-entry.entity.js';
import { Booking } from '../src/bookings/entities/booking.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceCategory } from '../src/catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { Notification } from '../src/notifications/entities/notification.entity.js';
import { ProviderApplication } from '../src/provider-applications/entities/provider-application.entity.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { application } from './provider-applications-fixtures.js';
import { bookingTestConfig, startBooking, startBookingWorker, waitFor } from './support.js';

const ADMIN_EMAIL = 'chief@khidma.test';
/** The marketplace clock of these tests (a Monday, 09:00 in Asia/Amman): "today" never depends on the run. */
const NOW = new Date('2030-01-07T06:00:00Z');

/**
 * Admin moderation against the real identity service: booking verifies identity's tokens, and an
 * approval really changes the user's role in identity (through identity's own admin API).
 */
describe('admin moderation', () => {
  let smtp: SmtpPeer;
  let identityConfig: IdentityTestConfig;
  let identity: { app: INestApplication; url: string };
  let config: ReturnType<typeof bookingTestConfig> & { IDENTITY_URL: string };
  let booking: { app: INestApplication; url: string };
  let worker: INestApplicationContext | undefined;
  let dataSource: DataSource;
  const people: Record<'admin' | 'client' | 'provider', Client> = {} as never;

  /** A signed-up identity user (a client), signed in. */
  const signedUp = async (label: string, language: 'en' | 'ar' = 'en') => {
    const person = new Client(identity.url);
    const email = uniqueEmail(label);
    expect((await person.signUp(email, undefined, { language })).status).toBe(201);
    return Object.assign(person, { email, id: (await person.call('GET', '/api/auth/me')).body.user.id as string });
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    identityConfig = identityTestConfig({ SMTP_URL: smtp.url, ADMIN_EMAIL });
    identity = await startIdentity(identityConfig);
    config = { ...bookingTestConfig(), IDENTITY_JWKS_URL: `${identity.url}/.well-known/jwks.json`, IDENTITY_URL: identity.url };
    booking = await startBooking(config);
    dataSource = booking.app.get(DataSource);
    jest.spyOn(booking.app.get(Clock), 'now').mockImplementation(() => new Date(NOW));
    await seedCatalogue(dataSource);
    worker = await startBookingWorker(config);
    // The only way to an admin: the ADMIN_EMAIL account verifying its address.
    people.admin = new Client(identity.url);
    await people.admin.signUp(ADMIN_EMAIL);
    const { token } = await mailTo(smtp, ADMIN_EMAIL, 'auth.verify_email');
    expect((await people.admin.call('POST', '/api/auth/verify-email', { token })).body.user.role).toBe('admin');
    await people.admin.signIn(ADMIN_EMAIL);
    people.client = await signedUp('client');
    const provider = await signedUp('provider');
    expect((await people.admin.call('PATCH', `/api/admin/users/${provider.id}`, { role: 'provider' })).status).toBe(200);
    await provider.signIn(provider.email);
    people.provider = provider;
  });
  afterAll(async () => {
    await worker?.close();
    await booking?.app.close();
    await identity?.app.close();
    await smtp?.close();
    await config?.cleanup();
    await identityConfig?.cleanup();
  });

  const call = (method: string, path: string, as?: Client, json?: unknown, headers: Record<string, string> = {}) =>
    fetchJson(`${booking.url}${path}`, {
      method,
      json,
      headers: { ...(as?.accessToken ? { authorization: `Bearer ${as.accessToken}` } : {}), ...headers },
    });
  const roleInIdentity = async (email: string) =>
    (await people.admin.call('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).body.users[0].role;
  const notificationsOf = (userId: string) => waitFor(async () => {
    const rows = await dataSource.getRepository(Notification).findBy({ userId });
    return rows.length ? rows : null;
  });
  const mailsTo = async (to: string) =>
    (await dataSource.getRepository(OutboxMessage).findBy({ queue: QUEUES.email }))
      .map((job) => job.payload as unknown as EmailJob)
      .filter((mail) => mail.to === to);

  describe('authorization', () => {
    // Every row has three cells: Jest hands a test with a missing third argument its `done` callback.
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/pending-approvals', undefined],
      ['GET', '/api/admin/stats', undefined],
      ['GET', '/api/admin/providers', undefined],
      ['GET', '/api/admin/services?status=active', undefined],
      ['GET', '/api/admin/bookings?status=completed', undefined],
      ['POST', '/api/admin/approve-provider', { providerId: randomUUID(), approved: true }],
      ['POST', '/api/admin/approve-service', { serviceId: randomUUID(), approved: false, reason: 'no' }],
      ['PATCH', `/api/admin/users/${randomUUID()}`, { role: 'client' }],
    ];
    it.each(routes)('%s %s: anonymous 401, client and provider 403 (admin headers or not), admin passes', async (method, path, body) => {
      expect((await call(method, path, undefined, body, { 'X-Is-Admin-Email': 'true' })).status).toBe(401);
      for (const as of [people.client, people.provider]) {
        const response = await call(method, path, as, body, { 'X-Is-Admin-Email': 'true', 'x-khidma-role': 'admin', 'x-khidma-user-role': 'admin' });
        expect([response.status, response.body.code]).toEqual([403, 'forbidden']);
      }
      const asAdmin = await call(method, path, people.admin, body ?? undefined);
      // The decisions name ids that do not exist: past the role check, they are simply not found.
      expect(asAdmin.status).toBe(method === 'GET' ? 200 : 404);
    });

    it('refuses a forged token claiming admin', async () => {
      const [head, payload] = people.client.accessToken!.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${people.client.accessToken!.split('.')[2]}`;
      const response = await fetchJson(`${booking.url}/api/admin/stats`, { headers: { authorization: `Bearer ${forged}` } });
      expect(response.status).toBe(401);
    });
  });

  describe('provider applications', () => {
    it('approves: identity makes the user a provider, the profile appears, the applicant hears in Arabic', async () => {
      const applicant = await signedUp('applicant', 'ar');
      const applied = await call('POST', '/api/providers/apply?force=true', applicant, { ...application({ email: applicant.email }), language: 'ar' });
      expect(applied.status).toBe(201);

      const pending = await call('GET', '/api/admin/pending-approvals', people.admin);
      expect(pending.status).toBe(200);
      const listed = pending.body.providers.find((p: { id: string }) => p.id === applied.body.id);
      expect(listed).toMatchObject({ businessName: 'Sparkle Cleaning', status: 'pending', createdAt: applied.body.createdAt });
      expect(listed.documents).toHaveLength(3);
      expect(pending.body.counts.providers).toBe(pending.body.providers.length);
      const image = await fetch(`${booking.url}${listed.documents[0].url}`, { headers: { authorization: `Bearer ${people.admin.accessToken}` } });
      expect(image.status).toBe(200);

      const approved = await call('POST', '/api/admin/approve-provider', people.admin, { providerId: applied.body.id, approved: true });
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({ message: 'Provider approved' });

      expect(await roleInIdentity(applicant.email)).toBe('provider');
      // The applicant's next token carries the role.
      expect((await applicant.call('POST', '/api/auth/refresh')).status).toBe(200);
      expect(JSON.parse(Buffer.from(applicant.accessToken!.split('.')[1]!, 'base64url').toString()).role).toBe('provider');

      const cleaning = await dataSource.getRepository(ServiceCategory).findOneByOrFail({ slug: 'cleaning' });
      const profile = await dataSource.getRepository(Provider).findOneByOrFail({ userId: applicant.id });
      expect(profile).toMatchObject({
        status: 'approved',
        businessName: 'Sparkle Cleaning',
        city: 'Amman',
        categoryId: cleaning.id,
        bio: 'Home and office cleaning, eco-friendly products.',
        phone: '+962 79 555 0101',
        email: applicant.email,
        language: 'ar',
        completedJobs: 0,
        rating: null,
        // The marketplace's region (Asia/Amman: Jordan), closed on its Friday–Saturday weekend.
        region: 'JO',
        weeklyAvailability: {
          sunday: ['09:00', '17:00'],
          monday: ['09:00', '17:00'],
          tuesday: ['09:00', '17:00'],
          wednesday: ['09:00', '17:00'],
          thursday: ['09:00', '17:00'],
          friday: null,
          saturday: null,
        },
      });
      expect(String(profile.joinedAt)).toBe(zonedToday(NOW, config.MARKETPLACE_TIMEZONE));
      expect(await dataSource.getRepository(ProviderApplication).findOneByOrFail({ id: applied.body.id })).toMatchObject({
        status: 'approved',
        pendingUserId: null,
      });

      const [notification] = await notificationsOf(applicant.id);
      expect(notification).toMatchObject({ type: 'provider_application', title: 'تمت الموافقة على طلبك', metadata: { providerId: applied.body.id } });
      const [mail] = await waitFor(async () => ((await mailsTo(applicant.email)).length ? mailsTo(applicant.email) : null));
      expect(mail).toMatchObject({ language: 'ar', subject: 'تمت الموافقة على طلبك', template: 'provider.application_reviewed.approved' });
      expect(mail!.text).toContain('/provider-dashboard');

      const twice = await call('POST', '/api/admin/approve-provider', people.admin, { providerId: applied.body.id, approved: false });
      expect([twice.status, twice.body.code]).toEqual([409, 'already_decided']);
      expect((await call('POST', '/api/providers/apply', applicant, application())).body.code).toBe('already_provider');
    });

    it('approving the owner of an earlier, unapproved profile makes its services public in the same step', async () => {
      const applicant = await signedUp('returning');
      const template = await dataSource.getRepository(ServiceListing).findOneByOrFail({ status: 'active', providerApproved: true });
      const earlier = await dataSource.getRepository(Provider).findOneByOrFail({ id: template.providerId });
      const providerId = randomUUID();
      await dataSource.getRepository(Provider).insert({ ...earlier, id: providerId, userId: applicant.id, status: 'pending' });
      const serviceId = randomUUID();
      await dataSource
        .getRepository(ServiceListing)
        .insert({ ...template, id: serviceId, slug: `returning-${serviceId.slice(0, 8)}`, providerId, providerApproved: false });
      expect((await fetchJson(`${booking.url}/api/services/${serviceId}`)).status).toBe(404);

      const applied = await call('POST', '/api/providers/apply?force=true', applicant, application({ email: applicant.email }));
      expect(applied.status).toBe(201);
      const approved = await call('POST', '/api/admin/approve-provider', people.admin, { providerId: applied.body.id, approved: true });
      expect(approved.status).toBe(200);
      expect((await fetchJson(`${booking.url}/api/services/${serviceId}`)).status).toBe(200);
      expect(await dataSource.getRepository(ServiceListing).findOneByOrFail({ id: serviceId })).toMatchObject({ providerApproved: true });
    });

    it('rejects with a reason; the applicant hears it in English and may apply again', async () => {
      const applicant = await signedUp('retry');
      const first = await call('POST', '/api/providers/apply', applicant, application({ businessType: 'beauty', email: applicant.email }));
      expect(first.status).toBe(201);
      const rejected = await call('POST', '/api/admin/approve-provider', people.admin, { providerId: first.body.id, approved: false, reason: 'The ID card image is unreadable' });
      expect(rejected.body).toEqual({ message: 'Provider application rejected' });
      expect(await roleInIdentity(applicant.email)).toBe('client');
      expect(await dataSource.getRepository(Provider).existsBy({ userId: applicant.id })).toBe(false);

      const mine = await call('GET', '/api/providers/application', applicant);
      expect(mine.body.application).toMatchObject({ id: first.body.id, status: 'rejected', rejectionReason: 'The ID card image is unreadable' });
      expect(mine.body.application.reviewedAt).toEqual(expect.any(String));
      const [notification] = await notificationsOf(applicant.id);
      expect(notification).toMatchObject({ type: 'provider_application', title: 'Application not approved' });
      expect(notification!.message).toContain('Reason: The ID card image is unreadable');
      const [mail] = await waitFor(async () => ((await mailsTo(applicant.email)).length ? mailsTo(applicant.email) : null));
      expect(mail).toMatchObject({ language: 'en', template: 'provider.application_reviewed.rejected' });

      const second = await call('POST', '/api/providers/apply', applicant, application({ businessType: 'beauty', email: applicant.email }));
      expect(second.status).toBe(201);
      expect((await call('GET', '/api/providers/application', applicant)).body.application).toMatchObject({ id: second.body.id, status: 'pending' });

      // Approving a business type without a catalogue category leaves the profile's category empty.
      expect((await call('POST', '/api/admin/approve-provider', people.admin, { providerId: second.body.id, approved: true })).status).toBe(200);
      expect((await dataSource.getRepository(Provider).findOneByOrFail({ userId: applicant.id })).categoryId).toBeNull();
    });

    it('changes nothing and answers 503 when identity refuses the role change', async () => {
      // An application of a user identity does not know: its admin API answers 404.
      const id = randomUUID();
      const userId = randomUUID();
      await dataSource.getRepository(ProviderApplication).insert({
        ...application(),
        id,
        userId,
        pendingUserId: userId,
        status: 'pending',
        description: 'Ghost business',
        licenseNumber: null,
        language: 'en',
      } as Partial<ProviderApplication>);
      const response = await call('POST', '/api/admin/approve-provider', people.admin, { providerId: id, approved: true });
      expect([response.status, response.body.code]).toEqual([503, 'service_unavailable']);
      expect((await dataSource.getRepository(ProviderApplication).findOneByOrFail({ id })).status).toBe('pending');
      expect(await dataSource.getRepository(Provider).existsBy({ userId })).toBe(false);
    });
  });

  describe('accounts', () => {
    const auditOf = (targetId: string) => dataSource.getRepository(AdminAuditEntry).find({ where: { targetId }, order: { createdAt: 'ASC', action: 'ASC' } });

    it('changes a role and an activation through identity, and audits each change', async () => {
      const person = await signedUp('moderated');
      const changed = await call('PATCH', `/api/admin/users/${person.id}`, people.admin, { role: 'provider', isActive: false });
      expect(changed.status).toBe(200);
      expect(changed.body.user).toMatchObject({ id: person.id, role: 'provider', isActive: false });
      expect(await roleInIdentity(person.email)).toBe('provider');
      // Deactivated in identity: the person's sessions ended and they cannot sign in.
      expect((await person.call('GET', '/api/auth/me')).status).toBe(401);
      const signIn = await new Client(identity.url).signIn(person.email);
      expect([signIn.status, signIn.body.code]).toEqual([403, 'account_disabled']);
      const adminId = (await people.admin.call('GET', '/api/auth/me')).body.user.id;
      const audited = { actorId: adminId, actorEmail: ADMIN_EMAIL, targetType: 'account', targetId: person.id, summary: `Test Person <${person.email}>`, reason: null };
      expect(await auditOf(person.id)).toEqual([
        expect.objectContaining({ action: 'account.deactivated', ...audited }),
        expect.objectContaining({ action: 'account.made_provider', ...audited }),
      ]);
      expect((await call('PATCH', `/api/admin/users/${person.id}`, people.admin, { isActive: true })).status).toBe(200);
      expect((await auditOf(person.id)).map((entry) => entry.action)).toContain('account.reactivated');
      const log = await call('GET', '/api/admin/audit-log?action=account.made_provider', people.admin);
      expect(log.body.items.map((entry: { targetId: string }) => entry.targetId)).toContain(person.id);
    });

    it("passes identity's refusals on and records nothing: self-demotion, an unknown account, a bad body", async () => {
      const adminId = (await people.admin.call('GET', '/api/auth/me')).body.user.id;
      const own = await call('PATCH', `/api/admin/users/${adminId}`, people.admin, { role: 'client' });
      expect([own.status, own.body.code]).toEqual([400, 'cannot_change_own_admin']);
      expect(await roleInIdentity(ADMIN_EMAIL)).toBe('admin');
      const ghost = randomUUID();
      expect((await call('PATCH', `/api/admin/users/${ghost}`, people.admin, { isActive: false })).status).toBe(404);
      expect((await call('PATCH', '/api/admin/users/not-an-id', people.admin, { isActive: false })).status).toBe(404);
      const person = await signedUp('unchanged');
      const invalid = await call('PATCH', `/api/admin/users/${person.id}`, people.admin, { role: 'owner' });
      expect([invalid.status, invalid.body.code]).toEqual([400, 'validation_failed']);
      for (const target of [adminId, ghost, person.id]) expect(await auditOf(target)).toEqual([]);
      expect(await roleInIdentity(person.email)).toBe('client');
    });
  });

  describe('services', () => {
    let provider: Provider;
    const newService = async (fields: Partial<ServiceListing>) => {
      const id = randomUUID();
      await dataSource.getRepository(ServiceListing).insert({
        id,
        slug: `svc-${id.slice(0, 8)}`,
        providerId: provider.id,
        categoryId: 1,
        title: 'Window washing',
        titleAr: 'غسيل النوافذ',
        description: 'Inside and out',
        descriptionAr: 'من الداخل والخارج',
        features: [],
        featuresAr: [],
        price: 30,
        priceType: 'per_job',
        durationMinutes: 60,
        status: 'pending',
        ...fields,
      });
      return id;
    };
    beforeAll(async () => {
      provider = (await dataSource.getRepository(Provider).findOne({ where: { status: 'approved', language: 'ar' }, order: { businessName: 'ASC' } }))!;
    });

    it('approves a new service, and tells its provider in their language', async () => {
      const id = await newService({});
      const pending = await call('GET', '/api/admin/pending-approvals', people.admin);
      expect(pending.body.services.find((s: { id: string }) => s.id === id)).toMatchObject({
        title: 'Window washing',
        status: 'pending',
        changed: false,
        providerId: provider.id,
        providerName: provider.businessName,
      });
      const response = await call('POST', '/api/admin/approve-service', people.admin, { serviceId: id, approved: true });
      expect([response.status, response.body]).toEqual([200, { message: 'Service approved' }]);
      expect((await dataSource.getRepository(ServiceListing).findOneByOrFail({ id })).status).toBe('active');
      const rows = await waitFor(async () => {
        const found = (await dataSource.getRepository(Notification).findBy({ userId: provider.userId, type: 'other' })).filter((n) => n.message.includes('غسيل النوافذ'));
        return found.length ? found : null;
      });
      expect(rows[0]).toMatchObject({ title: 'تمت الموافقة على الخدمة', metadata: { providerId: provider.id } });
      const again = await call('POST', '/api/admin/approve-service', people.admin, { serviceId: id, approved: false });
      expect(again.status).toBe(409);
    });

    it('applies or drops a pending change of a live service', async () => {
      const revision = { categoryId: 1, title: 'Window washing deluxe', titleAr: 'غسيل النوافذ الفاخر', description: 'Now with frames', descriptionAr: 'مع الإطارات', price: 45, priceType: 'per_job' as const, duration: 90 };
      const applied = await newService({ status: 'active', approvedAt: new Date(), pendingRevision: revision, revisionSubmittedAt: new Date() });
      const listed = (await call('GET', '/api/admin/pending-approvals', people.admin)).body.services.find((s: { id: string }) => s.id === applied);
      expect(listed).toMatchObject({ changed: true, status: 'active' });
      expect((await call('POST', '/api/admin/approve-service', people.admin, { serviceId: applied, approved: true })).body).toEqual({ message: 'Service changes approved' });
      expect(await dataSource.getRepository(ServiceListing).findOneByOrFail({ id: applied })).toMatchObject({ title: 'Window washing deluxe', price: 45, durationMinutes: 90, status: 'active', pendingRevision: null });

      const dropped = await newService({ status: 'active', approvedAt: new Date(), pendingRevision: revision, revisionSubmittedAt: new Date() });
      const response = await call('POST', '/api/admin/approve-service', people.admin, { serviceId: dropped, approved: false, reason: 'Price too high' });
      expect(response.body).toEqual({ message: 'Service changes rejected' });
      expect(await dataSource.getRepository(ServiceListing).findOneByOrFail({ id: dropped })).toMatchObject({ title: 'Window washing', status: 'active', pendingRevision: null, rejectionReason: 'Price too high' });

      const refused = await newService({});
      await call('POST', '/api/admin/approve-service', people.admin, { serviceId: refused, approved: false, reason: 'Duplicate' });
      expect(await dataSource.getRepository(ServiceListing).findOneByOrFail({ id: refused })).toMatchObject({ status: 'rejected', rejectionReason: 'Duplicate' });
    });
  });

  describe('dashboard and lists', () => {
    it('counts approved providers, completed bookings and paid revenue, per marketplace day', async () => {
      const service = (await dataSource.getRepository(ServiceListing).findOneByOrFail({ status: 'active' }))!;
      const base = {
        serviceId: service.id,
        providerId: service.providerId,
        clientId: people.client.accessToken ? randomUUID() : randomUUID(),
        clientName: 'Stat Client',
        clientEmail: null,
        clientLanguage: 'en' as const,
        serviceTitle: service.title,
        serviceTitleAr: service.titleAr,
        servicePrice: 40,
        servicePriceType: 'per_job' as const,
        serviceCategorySlug: 'cleaning',
        serviceImageUrl: null,
        scheduledDate: '2026-01-10',
        scheduledTime: '10:00',
        startsAt: new Date('2026-01-10T07:00:00Z'),
        duration: 60,
        clientAddress: 'Somewhere',
        clientPhone: '+962790000000',
        // Made an hour ago by the marketplace clock: today's bar of the chart.
        createdAt: new Date(NOW.getTime() - 3_600_000),
      };
      const add = (status: Booking['status'], paymentStatus: Booking['paymentStatus'], totalAmount: string) =>
        dataSource.getRepository(Booking).insert({ ...base, id: randomUUID(), bookingNumber: `KH-${randomUUID().slice(0, 9).toUpperCase()}`, status, paymentStatus, totalAmount });
      await add('completed', 'paid', '40.00');
      await add('completed', 'refunded', '25.00');
      await add('pending', 'pending', '10.50');

      const stats = await call('GET', '/api/admin/stats', people.admin);
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({
        activeProviders: await dataSource.getRepository(Provider).countBy({ status: 'approved' }),
        completedBookings: 2,
        revenue: '40.00',
      });
      expect(stats.body).not.toHaveProperty('totalUsers');
      expect(stats.body.series).toHaveLength(30);
      const today = zonedToday(NOW, config.MARKETPLACE_TIMEZONE);
      expect(stats.body.series.at(-1)).toEqual({ day: today, bookings: 3, revenue: '40.00' });
      expect(stats.body.series[0]).toEqual({ day: expect.any(String), bookings: 0, revenue: '0.00' });

      const bookings = await call('GET', '/api/admin/bookings?status=completed&limit=1', people.admin);
      expect(bookings.body).toMatchObject({ total: 2, page: 1, limit: 1 });
      expect(bookings.body.items[0]).toMatchObject({ status: 'completed', clientName: 'Stat Client', provider: { id: service.providerId } });
      expect((await call('GET', '/api/admin/bookings?search=Stat%20Client', people.admin)).body.total).toBe(3);
    });

    it('lists providers and services, searchable and paged', async () => {
      const providers = await call('GET', '/api/admin/providers?search=sparkle%20cleaning', people.admin);
      const names = providers.body.items.map((p: { businessName: string }) => p.businessName);
      expect(names).toContain('Sparkle Cleaning');
      expect(names.every((name: string) => /sparkle cleaning/i.test(name))).toBe(true);
      expect(providers.body.items.find((p: { businessName: string }) => p.businessName === 'Sparkle Cleaning')).toMatchObject({ status: 'approved', city: 'Amman', completedJobs: 0, rating: null });
      const page2 = await call('GET', '/api/admin/providers?page=2&limit=5', people.admin);
      expect(page2.body).toMatchObject({ page: 2, limit: 5, total: await dataSource.getRepository(Provider).count() });
      expect(page2.body.items).toHaveLength(5);
      // The Arabic city comes along, so the Arabic admin panel shows it.
      const seeded = page2.body.items[0];
      expect(seeded.cityAr).toBe((await dataSource.getRepository(Provider).findOneByOrFail({ id: seeded.id })).cityAr);
      expect((await call('GET', '/api/admin/providers?search=100%25', people.admin)).body.total).toBe(0);

      const rejected = await call('GET', '/api/admin/services?status=rejected', people.admin);
      expect(rejected.body.items.map((s: { status: string; rejectionReason: string }) => [s.status, s.rejectionReason])).toEqual([['rejected', 'Duplicate']]);
      const search = await call('GET', '/api/admin/services?search=deluxe', people.admin);
      expect(search.body.items[0]).toMatchObject({ title: 'Window washing deluxe', providerName: expect.any(String) });
      expect((await call('GET', '/api/admin/services?limit=101', people.admin)).status).toBe(400);
    });
  });
});
