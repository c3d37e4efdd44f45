import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { defaultWeeklyAvailability, type ModerationResponse, regionOfTimeZone } from '@khidma/contracts';
import { type AuthUser, Clock, OutboxService, SERVICE_CONFIG, zonedToday } from '@khidma/nest-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { BookingTransactions } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { syncProviderApproval } from '../catalogue/provider-approval.js';
import type { BookingConfig } from '../config.js';
import { ProviderApplication } from '../provider-applications/entities/provider-application.entity.js';
import { ApproveProviderDto } from './dto/admin.dto.js';
import { IdentityAccounts } from './identity-accounts.js';
import { PROVIDER_APPLICATION_REVIEWED, type ProviderApplicationReviewedPayload } from './moderation.events.js';

const LANGUAGE_NAMES = { en: 'English', ar: 'Arabic' } as const;

export const alreadyDecided = (status: string) =>
  new ConflictException({ code: 'already_decided', message: `This application was already ${status}`, params: { status } });

@Injectable()
export class ProviderReviewService {
  constructor(
    private readonly transactions: BookingTransactions,
    private readonly outbox: OutboxService,
    private readonly identity: IdentityAccounts,
    private readonly clock: Clock,
    private readonly audit: AdminAuditLog,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * Approve: identity makes the user a provider first (503 and nothing changed when it cannot), then
   * one transaction marks the application, creates or updates the provider profile, publishes the
   * event and writes the audit entry. Reject: the application is marked with the reason. A decided application is a 409.
   */
  async decide(admin: AuthUser, authorization: string, dto: ApproveProviderDto): Promise<ModerationResponse> {
    const application = await this.transactions.run((manager) => this.pendingApplication(manager, dto.providerId));
    if (dto.approved) await this.identity.makeProvider(application.userId, authorization);
    // The DTO trimmed it: a blank reason is none.
    const reason = dto.approved ? null : dto.reason || null;
    await this.transactions.run(async (manager) => {
      const now = this.clock.now();
      const status = dto.approved ? 'approved' : 'rejected';
      const updated = await manager.update(
        ProviderApplication,
        { id: application.id, status: 'pending' },
        { status, pendingUserId: null, rejectionReason: reason, reviewedBy: admin.id, reviewedAt: now },
      );
      // Another admin decided in between.
      if (!updated.affected) throw alreadyDecided((await manager.findOneByOrFail(ProviderApplication, { id: application.id })).status);
      if (dto.approved) await this.upsertProfile(manager, application, now);
      const payload: ProviderApplicationReviewedPayload = {
        applicationId: application.id,
        userId: application.userId,
        approved: dto.approved,
        reason,
        businessName: application.businessName,
        email: application.email,
        language: application.language,
      };
      await this.outbox.publishEvent(manager, PROVIDER_APPLICATION_REVIEWED, payload);
      await this.audit.record(manager, admin, {
        action: dto.approved ? 'provider_application.approved' : 'provider_application.rejected',
        targetType: 'provider_application',
        targetId: application.id,
        summary: application.businessName,
        reason,
      });
    });
    return { message: dto.approved ? 'Provider approved' : 'Provider application rejected' };
  }

  private async pendingApplication(manager: EntityManager, id: string): Promise<ProviderApplication> {
    const application = await manager.findOneBy(ProviderApplication, { id });
    if (!application) throw new NotFoundException({ code: 'not_found', message: 'Application not found' });
    if (application.status !== 'pending') throw alreadyDecided(application.status);
    return application;
  }

  /** The catalogue profile from the application (one per user: an earlier profile is brought up to date). */
  private async upsertProfile(manager: EntityManager, application: ProviderApplication, now: Date) {
    const category = await manager.findOneBy(ServiceCategory, { slug: application.businessType });
    const fields = {
      status: 'approved' as const,
      businessName: application.businessName,
      businessNameAr: application.businessName,
      bio: application.description,
      bioAr: application.description,
      city: application.city,
      cityAr: application.city,
      // "beauty" and "other" have no catalogue category: the provider picks one per service.
      categoryId: category?.id ?? null,
      phone: application.phone,
      email: application.email,
      language: application.language,
      verified: true,
    };
    const existing = await manager.findOneBy(Provider, { userId: application.userId });
    if (existing) {
      await manager.update(Provider, existing.id, fields);
      // Its services (if any) become public with it, in this same transaction.
      await syncProviderApproval(manager, [existing.id]);
      return;
    }
    const region = regionOfTimeZone(this.config.MARKETPLACE_TIMEZONE);
    await manager.insert(Provider, {
      id: randomUUID(),
      userId: application.userId,
      ...fields,
      avatarUrl: null,
      rating: null,
      completedJobs: 0,
      responseTimeMinutes: null,
      languages: [LANGUAGE_NAMES[application.language]],
      // Works in the marketplace's region until they choose another; closed on its weekend until they set their hours.
      region: region.code,
      weeklyAvailability: defaultWeeklyAvailability(region),
      joinedAt: zonedToday(now, this.config.MARKETPLACE_TIMEZONE),
    });
  }
}
