import { readFile } from 'node:fs/promises';
import {
  type BulkCatalogue,
  DEMO_CATEGORIES,
  DEMO_PROVIDERS,
  DEMO_REVIEWS,
  DEMO_SERVICE_PHOTOS,
  DEMO_SERVICES,
  type DemoReview,
  demoPhotoPath,
} from '@khidma/demo-data';
import { fileTypeFromBuffer } from 'file-type';
import { type DataSource, type EntityManager, type EntityTarget, In, type ObjectLiteral } from 'typeorm';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { Review } from '../catalogue/entities/review.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { syncProviderApproval } from '../catalogue/provider-approval.js';
import { ServicePhoto } from '../catalogue/entities/service-photo.entity.js';
import { reindexServices } from '../catalogue/search/search-index.js';
import { recomputeRatingsOf } from '../reviews/review-aggregates.js';
import { servicePhotoId, servicePhotoUrl } from '../catalogue/service-photos.js';
import { ALLOWED_IMAGE_TYPES } from '../provider-applications/document-images.js';

export interface UpsertCount {
  inserted: number;
  updated: number;
}

export interface PhotoCount {
  inserted: number;
  /** Stored photos no longer in the data (a changed image has a new id: its old row goes). */
  removed: number;
}

export interface SeedReport {
  categories: UpsertCount;
  providers: UpsertCount;
  services: UpsertCount;
  reviews: UpsertCount;
  photos: PhotoCount;
}

/** Rows per statement: MySQL allows 65,535 placeholders, and a service row has about twenty columns. */
const CHUNK = 500;
/** Photos per insert: a statement of blobs stays far below MySQL's and MariaDB's 16 MB max_allowed_packet. */
const PHOTO_CHUNK = 40;

const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : value);

/** Set on insert, then kept by the reviews (review-aggregates), so a seed run never overwrites them. */
const RATINGS = new Set(['rating', 'reviewCount']);

/**
 * Writes `rows` by fixed id: inserts the missing ones and updates only the fields that differ, so a
 * second run touches nothing (not even updatedAt) and a changed data file is applied on the next.
 * Returns the counts and the ids it wrote.
 */
async function upsert<T extends ObjectLiteral & { id: string | number }>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: T[],
  derived: ReadonlySet<string> = new Set(),
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
      Object.entries(row).filter(([key, value]) => !derived.has(key) && comparable(current[key]) !== comparable(value)),
    );
    if (Object.keys(changes).length === 0) continue;
    await manager.update(target, row.id, changes as never);
    written.add(row.id);
  }
  return { inserted: missing.length, updated: written.size - missing.length, written };
}

const count = ({ inserted, updated }: UpsertCount): UpsertCount => ({ inserted, updated });

/**
 * Makes the stored photos of `serviceIds` exactly `photos`: ids name their bytes, so a photo already
 * there is never rewritten, a new one is inserted and one no longer wanted is deleted.
 */
async function replacePhotos(manager: EntityManager, serviceIds: string[], photos: ServicePhoto[]): Promise<PhotoCount> {
  const stored: Array<Pick<ServicePhoto, 'id'>> = [];
  for (let at = 0; at < serviceIds.length; at += CHUNK) {
    stored.push(
      ...(await manager.find(ServicePhoto, { select: { id: true }, where: { serviceId: In(serviceIds.slice(at, at + CHUNK)) } })),
    );
  }
  const wanted = new Set(photos.map((photo) => photo.id));
  const stale = stored.filter((photo) => !wanted.has(photo.id)).map((photo) => photo.id);
  // First, so a replaced photo frees its place in the gallery (serviceId and position are unique).
  for (let at = 0; at < stale.length; at += CHUNK) await manager.delete(ServicePhoto, { id: In(stale.slice(at, at + CHUNK)) });
  const present = new Set(stored.map((photo) => photo.id));
  const missing = photos.filter((photo) => !present.has(photo.id));
  for (let at = 0; at < missing.length; at += PHOTO_CHUNK) await manager.insert(ServicePhoto, missing.slice(at, at + PHOTO_CHUNK));
  return { inserted: missing.length, removed: stale.length };
}

/** The demo photos as rows, each file read and checked once: only JPEG, PNG or WebP is ever served. */
async function demoPhotos(): Promise<ServicePhoto[]> {
  const files = new Map<string, Promise<{ contentType: string; data: Buffer }>>();
  const load = async (file: string) => {
    const data = await readFile(demoPhotoPath(file));
    const type = await fileTypeFromBuffer(data);
    if (!type || !ALLOWED_IMAGE_TYPES.includes(type.mime)) throw new Error(`Demo photo ${file} is not a JPEG, PNG or WebP image`);
    return { contentType: type.mime, data };
  };
  return Promise.all(
    DEMO_SERVICE_PHOTOS.map(async ({ serviceId, position, file }) => {
      if (!files.has(file)) files.set(file, load(file));
      const { contentType, data } = await files.get(file)!;
      return { id: servicePhotoId(serviceId, position, data), serviceId, position, contentType, bytes: data.length, data } as ServicePhoto;
    }),
  );
}

/**
 * Upserts a catalogue in one transaction and re-indexes for search the services whose own text,
 * provider or category changed (the demo seed's second run re-indexes nothing).
 */
function seed(
  dataSource: DataSource,
  catalogue: { providers: Provider[]; services: ServiceListing[]; reviews: DemoReview[]; photos?: ServicePhoto[] },
): Promise<SeedReport> {
  return dataSource.transaction(async (manager) => {
    const categories = await upsert(manager, ServiceCategory, DEMO_CATEGORIES as ServiceCategory[]);
    const providers = await upsert(manager, Provider, catalogue.providers, RATINGS);
    const services = await upsert(manager, ServiceListing, catalogue.services, RATINGS);
    const reviews = await upsert(
      manager,
      Review,
      catalogue.reviews.map((review) => ({ ...review, createdAt: new Date(review.createdAt), updatedAt: new Date(review.createdAt) }) as Review),
    );
    // New rows and changed reviews: their aggregates are the reviews' (as every review write leaves them).
    const reviewed = new Set([...services.written, ...catalogue.reviews.filter((r) => reviews.written.has(r.id)).map((r) => r.serviceId)]);
    const serviceIds = [...reviewed];
    const owners = new Map(catalogue.services.map((s) => [s.id, s.providerId]));
    const providerIds = [...new Set([...providers.written, ...serviceIds.map((id) => owners.get(id)!)])];
    await recomputeRatingsOf(manager, { serviceIds, providerIds });
    await syncProviderApproval(
      manager,
      [...new Set(catalogue.services.filter((s) => services.written.has(s.id) || providers.written.has(s.providerId)).map((s) => s.providerId))],
    );
    const stale = catalogue.services
      .filter(
        (s) => services.written.has(s.id) || providers.written.has(s.providerId) || categories.written.has(s.categoryId),
      )
      .map((s) => s.id);
    await reindexServices(manager, stale);
    const photos = catalogue.photos
      ? await replacePhotos(manager, catalogue.services.map((s) => s.id), catalogue.photos)
      : { inserted: 0, removed: 0 };
    return { categories: count(categories), providers: count(providers), services: count(services), reviews: count(reviews), photos };
  });
}

/** Seeds the demo catalogue (categories, approved providers, active services, their reviews and photos). */
export async function seedCatalogue(dataSource: DataSource): Promise<SeedReport> {
  const photos = await demoPhotos();
  const covers = new Map(photos.filter((photo) => photo.position === 0).map((photo) => [photo.serviceId, photo.id]));
  return seed(dataSource, {
    providers: DEMO_PROVIDERS.map((provider) => ({ ...provider, avatarUrl: null, status: 'approved' }) as Provider),
    services: DEMO_SERVICES.map((service) => {
      const cover = covers.get(service.id);
      return {
        ...service,
        createdAt: new Date(service.createdAt),
        imageUrl: cover ? servicePhotoUrl(service.id, cover) : null,
        status: 'active',
      } as ServiceListing;
    }),
    reviews: DEMO_REVIEWS,
    photos,
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
