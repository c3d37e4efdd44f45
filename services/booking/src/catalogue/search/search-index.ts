import type { EntityManager } from 'typeorm';
import { isSqlite } from '@khidma/nest-kit';
import { type SearchableService, searchTerms } from './search-text.js';

/** The terms of one service with their weights (searchTerms; a migration's down passes the older form). */
type TermsOf = (service: SearchableService) => Map<string, number>;

export const SEARCH_TERMS_TABLE = 'service_search_terms';

/** Rows per INSERT: one UNION ALL of them stays under SQLite's 500 terms of a compound SELECT. */
const INSERT_CHUNK = 400;
/** Services per read, so a backfill of a large catalogue never holds it all in memory at once. */
const READ_CHUNK = 500;

type IndexedServiceRow = SearchableService & { id: string };

/**
 * The service's list fields that a search filters and orders by, copied onto each of its term rows so
 * a search reads candidates, filters and ranks them from the term index alone (see the
 * search-terms-listing migration). Copied inside the database: no value makes a round trip through a driver.
 */
const LISTING_COPY: Record<string, string> = {
  listed: "CASE WHEN s.status = 'active' AND s.providerApproved = 1 THEN 1 ELSE 0 END",
  categoryId: 's.categoryId',
  price: 's.price',
  rating: 's.rating',
  createdAt: 's.createdAt',
};

/**
 * Copies the list fields (public or not, category, price, rating, creation) of the given services (or
 * of every service) onto their term rows. Call it in the transaction that changes any of them: a
 * service's status, its provider's approval (syncProviderApproval), its rating (recomputeRatingsOf);
 * reindexServices does it for the rows it writes (category and price change only through there).
 */
export async function syncSearchListing(manager: EntityManager, serviceIds?: string[]): Promise<void> {
  if (serviceIds?.length === 0) return;
  // Joined, so each row reads its service once rather than once per copied field (a service has ~300
  // term rows). The dialects differ: SQLite names the target's columns bare and joins with FROM.
  const sqlite = isSqlite(manager);
  const set = Object.entries(LISTING_COPY)
    .map(([column, value]) => `${sqlite ? '' : 't.'}${column} = ${value}`)
    .join(', ');
  const update = async (ids?: string[]) => {
    const only = ids && `${sqlite ? SEARCH_TERMS_TABLE : 't'}.serviceId IN (${ids.map(() => '?').join(', ')})`;
    await manager.query(
      sqlite
        ? `UPDATE ${SEARCH_TERMS_TABLE} SET ${set} FROM services s WHERE s.id = ${SEARCH_TERMS_TABLE}.serviceId${only ? ` AND ${only}` : ''}`
        : `UPDATE ${SEARCH_TERMS_TABLE} t INNER JOIN services s ON s.id = t.serviceId SET ${set}${only ? ` WHERE ${only}` : ''}`,
      ids ?? [],
    );
  };
  if (!serviceIds) return update();
  for (let at = 0; at < serviceIds.length; at += READ_CHUNK) await update(serviceIds.slice(at, at + READ_CHUNK));
}

/**
 * Rewrites the search terms of the given services (or of every service) from their current title,
 * description, category names and provider names. Call it in the transaction that changes any of
 * those. The term rows get the service's list fields too (insertTermRows) unless `withListing` is
 * false: the migration that created the table ran before those columns existed. Reads tables by name, not
 * through entities, so the migrations that create and reshape the index can backfill it with this same
 * code whatever the entities look like later.
 */
export async function reindexServices(
  manager: EntityManager,
  serviceIds?: string[],
  { withListing = true, termsOf = searchTerms }: { withListing?: boolean; termsOf?: TermsOf } = {},
): Promise<number> {
  if (serviceIds?.length === 0) return 0;
  const ids =
    serviceIds ??
    (await manager.createQueryBuilder().select('s.id', 'id').from('services', 's').orderBy('s.id').getRawMany<{ id: string }>()).map(
      (row) => row.id,
    );
  let written = 0;
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const chunk = ids.slice(start, start + READ_CHUNK);
    const services = await manager
      .createQueryBuilder()
      .select(['s.id AS id', 's.title AS title', 's.titleAr AS titleAr', 's.description AS description'])
      .addSelect(['s.descriptionAr AS descriptionAr', 'c.name AS categoryName', 'c.nameAr AS categoryNameAr'])
      .addSelect(['p.businessName AS providerName', 'p.businessNameAr AS providerNameAr'])
      .from('services', 's')
      .innerJoin('service_categories', 'c', 'c.id = s.categoryId')
      .innerJoin('providers', 'p', 'p.id = s.providerId')
      .where('s.id IN (:...chunk)', { chunk })
      .getRawMany<IndexedServiceRow>();
    await manager.createQueryBuilder().delete().from(SEARCH_TERMS_TABLE).where('serviceId IN (:...chunk)', { chunk }).execute();
    const rows = services.flatMap((service) =>
      [...termsOf(service)].map(([term, weight]) => ({ serviceId: service.id, term, weight })),
    );
    for (let at = 0; at < rows.length; at += INSERT_CHUNK) await insertTermRows(manager, rows.slice(at, at + INSERT_CHUNK), withListing);
    written += rows.length;
  }
  return written;
}

/**
 * Writes term rows, with their service's list fields when `withListing`: copied inside the database as
 * syncSearchListing does, but in the insert itself (one key lookup per row), so each row passes the
 * counter triggers once. Inserted bare and updated after, a row cost two writes, two trigger runs and a
 * subquery per copied field.
 */
async function insertTermRows(manager: EntityManager, rows: Array<{ serviceId: string; term: string; weight: number }>, withListing: boolean) {
  if (!withListing) {
    await manager.createQueryBuilder().insert().into(SEARCH_TERMS_TABLE, ['serviceId', 'term', 'weight']).values(rows).execute();
    return;
  }
  const values = rows.map(() => 'SELECT ? AS serviceId, ? AS term, ? AS weight').join(' UNION ALL ');
  await manager.query(
    `INSERT INTO ${SEARCH_TERMS_TABLE} (serviceId, term, weight, ${Object.keys(LISTING_COPY).join(', ')}) ` +
      `SELECT v.serviceId, v.term, v.weight, ${Object.values(LISTING_COPY).join(', ')} FROM (${values}) v INNER JOIN services s ON s.id = v.serviceId`,
    rows.flatMap((row) => [row.serviceId, row.term, row.weight]),
  );
}
