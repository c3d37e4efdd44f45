import type { EntityManager } from 'typeorm';
import { syncSearchListing } from './search/search-index.js';

/**
 * Copies each provider's approval onto its services' `providerApproved` (all services, or those of
 * the given providers). Call it in the transaction that changes a provider's status or adds services
 * outside the provider portal (seeds). Reads tables by name, so the migration that adds the column
 * backfills it with this same code whatever the entities look like later (that migration ran before the
 * term rows had list fields: it passes `withSearchListing: false`). The services' term rows follow.
 */
export async function syncProviderApproval(
  manager: EntityManager,
  providerIds?: string[],
  { withSearchListing = true }: { withSearchListing?: boolean } = {},
): Promise<void> {
  if (providerIds?.length === 0) return;
  const builder = manager
    .createQueryBuilder()
    .update('services')
    .set({ providerApproved: () => "CASE WHEN providerId IN (SELECT p.id FROM providers p WHERE p.status = 'approved') THEN 1 ELSE 0 END" });
  if (providerIds) builder.where('providerId IN (:...providerIds)', { providerIds });
  await builder.execute();
  if (withSearchListing) await syncSearchListing(manager, providerIds && (await servicesOf(manager, providerIds)));
}

async function servicesOf(manager: EntityManager, providerIds: string[]): Promise<string[]> {
  const rows = await manager
    .createQueryBuilder()
    .select('s.id', 'id')
    .from('services', 's')
    .where('s.providerId IN (:...providerIds)', { providerIds })
    .getRawMany<{ id: string }>();
  return rows.map((row) => row.id);
}
