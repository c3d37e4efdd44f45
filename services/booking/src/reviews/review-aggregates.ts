import type { EntityManager } from 'typeorm';
import { syncSearchListing } from '../catalogue/search/search-index.js';

const VISIBLE_OF_SERVICE = 'FROM reviews r WHERE r.serviceId = services.id AND r.hiddenAt IS NULL';
const VISIBLE_OF_PROVIDER = 'FROM reviews r JOIN services s ON s.id = r.serviceId WHERE s.providerId = providers.id AND r.hiddenAt IS NULL';

/**
 * Recomputes the services' and the providers' rating (mean stars, two decimals; null without
 * reviews) and reviewCount from their visible reviews, one UPDATE … SELECT per table. Called last in
 * every transaction that writes a review, after that provider's row was locked, so the reads see
 * every review committed before and none can commit in between; the seed calls it for what it wrote.
 */
export async function recomputeRatingsOf(manager: EntityManager, { serviceIds, providerIds }: { serviceIds: string[]; providerIds: string[] }): Promise<void> {
  const marks = (ids: string[]) => ids.map(() => '?').join(', ');
  // Chunks keep the IN lists far below the placeholder limit (the seed recomputes whole catalogues).
  for (let at = 0; at < serviceIds.length; at += 1000) {
    const ids = serviceIds.slice(at, at + 1000);
    await manager.query(
      `UPDATE services SET rating = (SELECT ROUND(AVG(r.rating), 2) ${VISIBLE_OF_SERVICE}), reviewCount = (SELECT COUNT(*) ${VISIBLE_OF_SERVICE}) WHERE id IN (${marks(ids)})`,
      ids,
    );
  }
  // A search orders by the rating copied on the term rows.
  await syncSearchListing(manager, serviceIds);
  for (let at = 0; at < providerIds.length; at += 1000) {
    const ids = providerIds.slice(at, at + 1000);
    await manager.query(
      `UPDATE providers SET rating = (SELECT ROUND(AVG(r.rating), 2) ${VISIBLE_OF_PROVIDER}), reviewCount = (SELECT COUNT(*) ${VISIBLE_OF_PROVIDER}) WHERE id IN (${marks(ids)})`,
      ids,
    );
  }
}

/** The one service and its provider a review write changed. */
export const recomputeRatings = (manager: EntityManager, serviceId: string, providerId: string) =>
  recomputeRatingsOf(manager, { serviceIds: [serviceId], providerIds: [providerId] });
