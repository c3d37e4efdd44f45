import { type BulkCatalogue, DEMO_CATEGORIES, DEMO_PROVIDERS, DEMO_REVIEWS, DEMO_SERVICES, type DemoReview } from '@khidma/demo-data';
import { type DataSource, type EntityManager, type EntityTarget, In, type ObjectLiteral } from 'typeorm';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { Review } from '../catalogue/entities/review.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { reindexServices } from '../catalogue/search/search-index.js';

export interface UpsertCount {
  inserted: number;
  updated: number;
}

export interface SeedReport {
  categories: UpsertCount;
  providers: UpsertCount;
  services: UpsertCount;
  reviews: UpsertCount;
}

/** Rows per statement: MySQL allows 65,535 placeholders, and a service row has about twenty columns. */
const CHUNK = 500;

const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : value);

/**
 * Writes `rows` by fixed id: inserts the missing ones and updates only the fields that differ, so a
 * second run touches nothing (not even updatedAt) and a changed data file is applied on the next.
 * Returns the counts and the ids it wrote.
 */
async function upsert<T extends ObjectLiteral & { id: string | number }>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: T[],
): Promise<UpsertCount & { written: Set<T['id']> }> {
  const existing = new Map<T['id'], T>();
  for (let at = 0; at < rows.length; at += CHUNK) {
    const ids = rows.slice(at, at + CHUNK).map((row) => row.id);
    for (const row of await manager.findBy(target, { id: In(ids) } as never)) existing.set(row.id, row);
  }
  const missing = rows.filter((row) => !existing.has(row.id));
  for (let at = 0; at < missing.length; at += CHUNK) await manager.insert(target, missing.slice(at, at + CHUNK) as never);
  const written = new Set(missing.map((row) => row.id));
  for (const row of rows) {
    const current = existing.get(row.id);
    if (!current) continue;
    const changes = Object.fromEntries(
      Object.entries(row).filter(([key, value]) => comparable(current[key]) !== comparable(value)),
    );
    if (Object.keys(changes).length === 0) continue;
    await manager.update(target, row.id, changes as never);
    written.add(row.id);
  }
  return { inserted: missing.length, updated: written.size - missing.length, written };
}

const count = ({ inserted, updated }: UpsertCount): UpsertCount => ({ inserted, updated });

/**
 * Upserts a catalogue in one transaction and re-indexes for search the services whose own text,
 * provider or category changed (the demo seed's second run re-indexes nothing).
 */
function seed(
  dataSource: DataSource,
  catalogue: { providers: Provider[]; services: ServiceListing[]; reviews: DemoReview[] },
): Promise<SeedReport> {
  return dataSource.transaction(async (manager) => {
    const categories = await upsert(manager, ServiceCategory, DEMO_CATEGORIES as ServiceCategory[]);
    const providers = await upsert(manager, Provider, catalogue.providers);
    const services = await upsert(manager, ServiceListing, catalogue.services);
    const reviews = await upsert(
      manager,
      Review,
      catalogue.reviews.map((review) => ({ ...review, createdAt: new Date(review.createdAt) }) as Review),
    );
    const stale = catalogue.services
      .filter(
        (s) => services.written.has(s.id) || providers.written.has(s.providerId) || categories.written.has(s.categoryId),
      )
      .map((s) => s.id);
    await reindexServices(manager, stale);
    return { categories: count(categories), providers: count(providers), services: count(services), reviews: count(reviews) };
  });
}

/** Seeds the demo catalogue (categories, approved providers, active services, their reviews). */
export function seedCatalogue(dataSource: DataSource): Promise<SeedReport> {
  return seed(dataSource, {
    providers: DEMO_PROVIDERS.map((provider) => ({ ...provider, avatarUrl: null, status: 'approved' }) as Provider),
    services: DEMO_SERVICES.map(
      (service) =>
        ({ ...service, createdAt: new Date(service.createdAt), imageUrl: null, status: 'active' }) as ServiceListing,
    ),
    reviews: DEMO_REVIEWS,
  });
}

/** Adds a generated catalogue (`seed --bulk-services=N`, for load tests) beside the demo one. */
export function seedBulkCatalogue(dataSource: DataSource, bulk: BulkCatalogue): Promise<SeedReport> {
  return seed(dataSource, {
    providers: bulk.providers.map((provider) => ({ ...provider, avatarUrl: null }) as Provider),
    services: bulk.services.map(
      (service) => ({ ...service, createdAt: new Date(service.createdAt), imageUrl: null }) as ServiceListing,
    ),
    reviews: bulk.reviews,
  });
}
