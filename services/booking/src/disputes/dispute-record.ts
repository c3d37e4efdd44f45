import type { ProviderDisputeRecord } from '@khidma/contracts';
import type { EntityManager } from 'typeorm';
import { Dispute } from './entities/dispute.entity.js';

/**
 * A provider's resolved disputes and how many of them refunded the client, as plain counts beside the
 * rating (docs/disputes.md): a dispute never changes the stars.
 */
export async function providerDisputeRecord(manager: EntityManager, providerId: string): Promise<ProviderDisputeRecord> {
  const row = await manager
    .createQueryBuilder(Dispute, 'd')
    .select('COUNT(*)', 'resolved')
    .addSelect(`SUM(CASE WHEN d.outcome IN ('full_refund', 'partial_refund') THEN 1 ELSE 0 END)`, 'refunded')
    .where('d.providerId = :providerId AND d.status = :resolved', { providerId, resolved: 'resolved' })
    .getRawOne<{ resolved: string | number; refunded: string | number | null }>();
  return { resolved: Number(row?.resolved ?? 0), refunded: Number(row?.refunded ?? 0) };
}
