import type { EntityManager } from 'typeorm';

const VISIBLE_OF_SERVICE = 'FROM reviews r WHERE r.serviceId = ? AND r.hiddenAt IS NULL';
const VISIBLE_OF_PROVIDER = 'FROM reviews r JOIN services s ON s.id = r.serviceId WHERE s.providerId = ? AND r.hiddenAt IS NULL';

/**
 * Recomputes the service's and the provider's rating (mean stars, two decimals; null without
 * reviews) and reviewCount from their visible reviews, each in one UPDATE … SELECT. Called last in
 * every transaction that writes a review, after that provider's row was locked, so the reads see
 * every review committed before and none can commit in between.
 */
export async function recomputeRatings(manager: EntityManager, serviceId: string, providerId: string): Promise<void> {
  await manager.query(
    `UPDATE services SET rating = (SELECT ROUND(AVG(r.rating), 2) ${VISIBLE_OF_SERVICE}), reviewCount = (SELECT COUNT(*) ${VISIBLE_OF_SERVICE}) WHERE id = ?`,
    [serviceId, serviceId, serviceId],
  );
  await manager.query(
    `UPDATE providers SET rating = (SELECT ROUND(AVG(r.rating), 2) ${VISIBLE_OF_PROVIDER}), reviewCount = (SELECT COUNT(*) ${VISIBLE_OF_PROVIDER}) WHERE id = ?`,
    [providerId, providerId, providerId],
  );
}
