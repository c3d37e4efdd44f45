import { Injectable } from '@nestjs/common';
import type { ModerationResponse } from '@khidma/contracts';
import { type AuthUser, OutboxService } from '@khidma/nest-kit';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { ServiceReview } from '../provider-portal/service-review.js';
import { ApproveServiceDto } from './dto/admin.dto.js';
import { SERVICE_REVIEWED, type ServiceReviewedPayload } from './moderation.events.js';

const MESSAGES = {
  approved: 'Service approved',
  rejected: 'Service rejected',
  approved_revision: 'Service changes approved',
  rejected_revision: 'Service changes rejected',
} as const;

/** An admin's decision on a new service or on a change of a live one, and the provider's event. */
@Injectable()
export class ServiceModerationService {
  constructor(
    private readonly review: ServiceReview,
    private readonly outbox: OutboxService,
    private readonly audit: AdminAuditLog,
  ) {}

  async decide(admin: AuthUser, dto: ApproveServiceDto): Promise<ModerationResponse> {
    const { outcome } = await this.review.decide(dto.serviceId, { approved: dto.approved, reason: dto.reason }, async (manager, service, outcome) => {
      const provider = await manager.findOneByOrFail(Provider, { id: service.providerId });
      const payload: ServiceReviewedPayload = {
        serviceId: service.id,
        providerId: provider.id,
        providerUserId: provider.userId,
        providerEmail: provider.email,
        language: provider.language,
        title: service.title,
        titleAr: service.titleAr,
        approved: dto.approved,
        revision: outcome.endsWith('_revision'),
        // The refusal reason the review just stored (null on approval).
        reason: service.rejectionReason,
      };
      await this.outbox.publishEvent(manager, SERVICE_REVIEWED, payload);
      await this.audit.record(manager, admin, {
        action: outcome.endsWith('_revision') ? `service_revision.${dto.approved ? 'approved' : 'rejected'}` : `service.${dto.approved ? 'approved' : 'rejected'}`,
        targetType: 'service',
        targetId: service.id,
        summary: service.title,
        summaryAr: service.titleAr,
        reason: service.rejectionReason,
      });
    });
    return { message: MESSAGES[outcome] };
  }
}
