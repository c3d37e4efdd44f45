import { DEMO_CATEGORIES, DEMO_PROVIDERS, DEMO_SERVICES } from '@khidma/demo-data';
import { type DataSource, type EntityManager, type EntityTarget, In, type ObjectLiteral } from 'typeorm';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';

export interface UpsertCount {
  inserted: number;
  updated: number;
}

export interface SeedReport {
  categories: UpsertCount;
  providers: UpsertCount;
  services: UpsertCount;
}

const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : value);

/**
 * Writes `rows` by fixed id: inserts the missing ones and updates only the fields that differ, so a
 * second run touches nothing (not even updatedAt) and a changed data file is applied on the next.
 */
async function upsert<T extends ObjectLiteral & { id: string | number }>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: T[],
): Promise<UpsertCount> {
  const existing = new Map(
    (await manager.findBy(target, { id: In(rows.map((row) => row.id)) } as never)).map((row) => [row.id, row]),
  );
  const missing = rows.filter((row) => !existing.has(row.id));
  if (missing.length) await manager.insert(target, missing as never);
  let updated = 0;
  for (const row of rows) {
    const current = existing.get(row.id);
    if (!current) continue;
    const changes = Object.fromEntries(
      Object.entries(row).filter(([key, value]) => comparable(current[key]) !== comparable(value)),
    );
    if (Object.keys(changes).length === 0) continue;
    await manager.update(target, row.id, changes as never);
    updated++;
  }
  return { inserted: missing.length, updated };
}

/** Seeds the demo catalogue (categories, approved providers, active services) in one transaction. */
export function seedCatalogue(dataSource: DataSource): Promise<SeedReport> {
  return dataSource.transaction(async (manager) => ({
    categories: await upsert(manager, ServiceCategory, DEMO_CATEGORIES as ServiceCategory[]),
    providers: await upsert(
      manager,
      Provider,
      DEMO_PROVIDERS.map((provider) => ({ ...provider, avatarUrl: null, status: 'approved' }) as Provider),
    ),
    services: await upsert(
      manager,
      ServiceListing,
      DEMO_SERVICES.map(
        (service) =>
          ({ ...service, createdAt: new Date(service.createdAt), imageUrl: null, status: 'active' }) as ServiceListing,
      ),
    ),
  }));
}
