import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '@khidma/nest-kit';
import type { EntityManager } from 'typeorm';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { reindexServices, syncSearchListing } from '../catalogue/search/search-index.js';
import { BookingTransactions } from '../bookings/transactions.js';
import { serviceColumns } from './service-fields.js';

/**
 * What a decision did: a never-approved service went live or was refused (`approved`/`rejected`),
 * or an approved service's proposed change was applied or dropped (`*_revision`).
 */
export type ServiceDecisionOutcome = 'approved' | 'rejected' | 'approved_revision' | 'rejected_revision';

export interface ServiceDecision {
  approved: boolean;
  /** Shown to the provider on a refusal (trimmed by the request's DTO; blank means none). */
  reason?: string | null;
}

/** Whether an admin has something to decide on this service (the admin queue's condition). */
export const awaitsReview = (service: Pick<ServiceListing, 'status' | 'pendingRevision'>) =>
  service.status === 'pending' || service.pendingRevision !== null;

/**
 * The one place an admin's decision on a service is applied (admin moderation calls it).
 * - `pending` service: approve → `active` (first `approvedAt`); reject → `rejected` with the reason.
 * - approved service with a `pendingRevision`: approve → the revision's fields replace the live ones
 *   (status unchanged, so a service its provider switched off stays off); reject → the revision is
 *   dropped, the live fields stay, `rejectionReason` tells the provider why.
 * 404 `not_found` for an unknown id, 409 `service_not_pending` when nothing awaits review.
 */
@Injectable()
export class ServiceReview {
  constructor(
    private readonly transactions: BookingTransactions,
    private readonly clock: Clock,
  ) {}

  /** `also` runs in the same transaction after the change (e.g. the provider's notification event). */
  decide(
    serviceId: string,
    decision: ServiceDecision,
    also?: (manager: EntityManager, service: ServiceListing, outcome: ServiceDecisionOutcome) => Promise<void>,
  ): Promise<{ service: ServiceListing; outcome: ServiceDecisionOutcome }> {
    return this.transactions.run(async (manager) => {
      const service = await manager.findOne(ServiceListing, { where: { id: serviceId }, lock: this.transactions.rowLock });
      if (!service) throw new NotFoundException({ code: 'not_found', message: 'Service not found' });
      if (!awaitsReview(service)) {
        throw new ConflictException({ code: 'service_not_pending', message: 'This service has nothing awaiting review' });
      }
      let outcome: ServiceDecisionOutcome;
      if (service.status === 'pending') {
        outcome = decision.approved ? 'approved' : 'rejected';
        service.status = decision.approved ? 'active' : 'rejected';
        if (decision.approved) service.approvedAt = this.clock.now();
      } else {
        outcome = decision.approved ? 'approved_revision' : 'rejected_revision';
        if (decision.approved) Object.assign(service, serviceColumns(service.pendingRevision!));
        service.pendingRevision = null;
        service.revisionSubmittedAt = null;
      }
      service.rejectionReason = decision.approved ? null : decision.reason || null;
      await manager.save(ServiceListing, service);
      // The catalogue's search reads the live text and the list fields (status) from its term rows.
      if (outcome === 'approved_revision') await reindexServices(manager, [service.id]);
      else await syncSearchListing(manager, [service.id]);
      await also?.(manager, service, outcome);
      return { service, outcome };
    });
  }
}
