import { ServiceUnavailableException } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Clock, CoreModule, DatabaseModule, OutboxMessage, OutboxModule, zonedToday } from '@khidma/nest-kit';
import type { DataSource } from 'typeorm';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { AdminAuditEntry } from '../audit/entities/admin-audit-entry.entity.js';
import { BookingTransactions } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { bookingSettingsSchema } from '../config.js';
import { bookingDatabase } from '../database/booking-database.js';
import { ProviderApplication } from '../provider-applications/entities/provider-application.entity.js';
import { testServiceConfig } from '@khidma/nest-kit/testing';
import { IdentityAccounts } from './identity-accounts.js';
import { PROVIDER_APPLICATION_REVIEWED } from './moderation.events.js';
import { ProviderReviewService } from './provider-review.service.js';

/** Late evening UTC: already the next day in the marketplace's zone (UTC+3), so joinedAt shows whose "today" counts. */
const NOW = new Date('2030-03-04T22:30:00Z');
const admin = { id: 'admin-1', role: 'admin' as const, email: 'admin@example.test', sid: 's' };

/**
 * An admin's decision on a provider application, as a provider over the real database (SQLite or
 * MariaDB) and the real outbox, with identity's account API and the clock overridden: no HTTP app,
 * no identity service, no real "now".
 */
describe('ProviderReviewService', () => {
  const config = testServiceConfig('booking', bookingSettingsSchema.parse({}));
  let moduleRef: TestingModule;
  let service: ProviderReviewService;
  let dataSource: DataSource;
  const roleChanges: { userId: string; authorization: string }[] = [];
  let identityDown = false;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [CoreModule.forRoot({ config, health: false }), DatabaseModule.forService(bookingDatabase), OutboxModule],
      providers: [ProviderReviewService, BookingTransactions, IdentityAccounts, Clock, AdminAuditLog],
    })
      .overrideProvider(Clock)
      .useValue({ now: () => new Date(NOW) })
      .overrideProvider(IdentityAccounts)
      .useValue({
        makeProvider: async (userId: string, authorization: string) => {
          if (identityDown) throw new ServiceUnavailableException({ code: 'service_unavailable', message: 'identity down' });
          roleChanges.push({ userId, authorization });
        },
      })
      .compile();
    await moduleRef.init();
    service = moduleRef.get(ProviderReviewService);
    dataSource = moduleRef.get(getDataSourceToken());
  });

  afterAll(async () => {
    await moduleRef?.close();
    await config.cleanup();
  });

  const apply = async () => {
    const userId = randomUUID();
    const application = {
      id: randomUUID(),
      userId,
      pendingUserId: userId,
      status: 'pending' as const,
      businessName: 'Clean Corners',
      ownerName: 'Huda Ali',
      email: `${userId}@example.test`,
      phone: '+966500000000',
      businessAddress: '1 King Road',
      city: 'Riyadh',
      businessType: 'cleaning' as const,
      experience: '3-5' as const,
      description: 'Homes and offices',
      licenseNumber: null,
      insuranceInfo: 'Covered',
      hasLicense: false,
      hasInsurance: true,
      language: 'en' as const,
      rejectionReason: null,
      reviewedBy: null,
      reviewedAt: null,
    };
    await dataSource.getRepository(ProviderApplication).insert(application);
    return application;
  };
  const eventsFor = async (applicationId: string) =>
    (await dataSource.getRepository(OutboxMessage).findBy({ name: PROVIDER_APPLICATION_REVIEWED })).filter(
      (message) => (message.payload as { payload?: { applicationId?: string } }).payload?.applicationId === applicationId,
    );

  const auditOf = (applicationId: string) => dataSource.getRepository(AdminAuditEntry).findBy({ targetId: applicationId });

  it('approves: identity grants the role first, then the application, profile and event commit with the clock’s time', async () => {
    const application = await apply();
    expect(await service.decide(admin, 'Bearer admin-token', { providerId: application.id, approved: true })).toEqual({ message: 'Provider approved' });
    expect(roleChanges).toContainEqual({ userId: application.userId, authorization: 'Bearer admin-token' });
    const stored = await dataSource.getRepository(ProviderApplication).findOneByOrFail({ id: application.id });
    expect(stored).toMatchObject({ status: 'approved', reviewedBy: admin.id, pendingUserId: null });
    expect(stored.reviewedAt!.toISOString()).toBe(NOW.toISOString());
    const provider = await dataSource.getRepository(Provider).findOneByOrFail({ userId: application.userId });
    expect(provider).toMatchObject({ status: 'approved', businessName: 'Clean Corners', verified: true });
    expect(provider.joinedAt).toBe(zonedToday(NOW, config.MARKETPLACE_TIMEZONE));
    expect(provider.joinedAt).toBe('2030-03-05');
    expect(await eventsFor(application.id)).toHaveLength(1);
    expect(await auditOf(application.id)).toEqual([
      expect.objectContaining({ action: 'provider_application.approved', actorId: admin.id, actorEmail: admin.email, summary: 'Clean Corners', reason: null, createdAt: NOW }),
    ]);
  });

  it('changes nothing when identity cannot grant the role', async () => {
    const application = await apply();
    identityDown = true;
    try {
      await expect(service.decide(admin, 'Bearer admin-token', { providerId: application.id, approved: true })).rejects.toBeInstanceOf(
        ServiceUnavailableException,
      );
    } finally {
      identityDown = false;
    }
    expect(await dataSource.getRepository(ProviderApplication).findOneByOrFail({ id: application.id })).toMatchObject({ status: 'pending', reviewedAt: null });
    expect(await dataSource.getRepository(Provider).existsBy({ userId: application.userId })).toBe(false);
    expect(await eventsFor(application.id)).toHaveLength(0);
    expect(await auditOf(application.id)).toEqual([]);
  });

  it('rejects without asking identity, keeping the reason, and refuses a second decision', async () => {
    const application = await apply();
    const before = roleChanges.length;
    await service.decide(admin, 'Bearer admin-token', { providerId: application.id, approved: false, reason: 'No insurance papers' });
    expect(roleChanges).toHaveLength(before);
    expect(await dataSource.getRepository(ProviderApplication).findOneByOrFail({ id: application.id })).toMatchObject({
      status: 'rejected',
      rejectionReason: 'No insurance papers',
    });
    await expect(service.decide(admin, 'Bearer admin-token', { providerId: application.id, approved: true })).rejects.toMatchObject({
      response: { code: 'already_decided', params: { status: 'rejected' } },
    });
    expect(roleChanges).toHaveLength(before);
  });
});
