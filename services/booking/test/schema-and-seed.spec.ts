import { DataSource, IsNull } from 'typeorm';
import { ServiceCategory } from '../src/catalogue/entities/service-category.entity.js';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { Review } from '../src/catalogue/entities/review.entity.js';
import { ServicePhoto } from '../src/catalogue/entities/service-photo.entity.js';
import { DEMO_SERVICE_PHOTOS } from '@khidma/demo-data';
import { SEARCH_TERMS_TABLE } from '../src/catalogue/search/search-index.js';
import { bookingDatabase } from '../src/database/booking-database.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingTestConfig, startBooking, undoThrough } from './support.js';

const ARABIC_LETTERS = /[\u0621-\u064A]/;

describe('booking schema and demo seed', () => {
  const terms = () =>
    dataSource
      .createQueryBuilder()
      .select(['t.serviceId AS serviceId', 't.term AS term', 't.weight AS weight'])
      .from(SEARCH_TERMS_TABLE, 't')
      .orderBy('t.serviceId')
      .addOrderBy('t.term')
      .getRawMany<{ serviceId: string; term: string; weight: number | string }>();
  const config = bookingTestConfig();
  let app: Awaited<ReturnType<typeof startBooking>>['app'];
  let dataSource: DataSource;

  beforeAll(async () => {
    ({ app } = await startBooking(config));
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app.close();
    await config.cleanup();
  });

  it('brings an empty database up with the outbox and booking migrations, and back down', async () => {
    // One runner for every check: each unreleased runner would hold a pooled MySQL connection.
    const schema = dataSource.createQueryRunner();
    const applied = await dataSource.query('SELECT name FROM migrations ORDER BY timestamp');
    expect(applied.map((row: { name: string }) => row.name).slice(0, 4)).toEqual([
      'CreateOutbox1763700000000',
      'BookingInitialSchema1763800000000',
      'CatalogueReviewsAndSearch1764000000000',
      'BookingsAndPayments1764100000000',
    ]);
    expect(applied).toHaveLength((bookingDatabase.migrations as unknown[]).length);
    const tables = ['service_categories', 'providers', 'services', 'contact_messages', 'notifications', 'reviews', SEARCH_TERMS_TABLE, 'bookings', 'booking_slots', 'payments'];
    for (const table of tables) expect(await schema.hasTable(table)).toBe(true);
    expect(await schema.hasTable('provider_applications')).toBe(true);
    expect(await schema.hasTable('service_photos')).toBe(true);
    await undoThrough(dataSource, 'ServicePhotos1764800000000');
    expect(await schema.hasTable('service_photos')).toBe(false);
    await undoThrough(dataSource, 'ProviderApplications1764300000000');
    for (const table of ['provider_applications', 'provider_documents']) expect(await schema.hasTable(table)).toBe(false);
    expect((await schema.getTable('providers'))!.findColumnByName('categoryId')!.isNullable).toBe(false);
    await undoThrough(dataSource, 'BookingsAndPayments1764100000000');
    for (const table of ['bookings', 'booking_slots', 'payments']) expect(await schema.hasTable(table)).toBe(false);
    expect(await schema.hasColumn('providers', 'email')).toBe(false);
    await dataSource.undoLastMigration();
    expect(await schema.hasTable('reviews')).toBe(false);
    expect(await schema.hasTable(SEARCH_TERMS_TABLE)).toBe(false);
    await dataSource.undoLastMigration();
    expect(await schema.hasTable('services')).toBe(false);
    await dataSource.runMigrations();
    for (const table of tables) expect(await schema.hasTable(table)).toBe(true);
    await schema.release();
  });

  it('seeds 12 categories, 40 approved providers and 252 bilingual active services', async () => {
    const report = await seedCatalogue(dataSource);
    expect(report.categories).toEqual({ inserted: 12, updated: 0 });
    expect(report.providers.inserted).toBe(40);
    expect(report.services.inserted).toBe(252);
    expect(report.photos).toEqual({ inserted: DEMO_SERVICE_PHOTOS.length, removed: 0 });
    expect(report.reviews.inserted).toBeGreaterThanOrEqual(report.services.inserted * 2);

    const categories = await dataSource.getRepository(ServiceCategory).find({ order: { id: 'ASC' } });
    expect(categories.map((c) => [c.id, c.slug, c.startingPrice])).toEqual([
      [1, 'cleaning', 25], [2, 'plumbing', 40], [3, 'electrical', 50], [4, 'delivery', 15],
      [5, 'maintenance', 30], [6, 'painting', 35], [7, 'gardening', 45], [8, 'tutoring', 30],
      [9, 'automotive', 60], [10, 'petcare', 20], [11, 'fitness', 40], [12, 'tech', 35],
    ]);
    expect(await dataSource.getRepository(Provider).countBy({ status: 'approved' })).toBeGreaterThanOrEqual(16);
    // Booking notifications reach providers at their account's address, in their language.
    expect(await dataSource.getRepository(Provider).findOneByOrFail({ userId: '00000000-0000-4000-8000-000000000002' })).toMatchObject({
      email: 'provider@khidma.test',
      language: 'ar',
      status: 'approved',
    });
    expect(await dataSource.getRepository(Provider).countBy({ email: IsNull() })).toBe(0);

    const services = await dataSource.getRepository(ServiceListing).find();
    expect(services.length).toBeGreaterThanOrEqual(60);
    for (const category of categories) {
      const inCategory = services.filter((s) => s.categoryId === category.id && s.status === 'active');
      expect(inCategory.length).toBeGreaterThanOrEqual(15);
      for (const service of inCategory) expect(service.price).toBeGreaterThanOrEqual(category.startingPrice);
    }
    for (const service of services) {
      expect(service.titleAr).toMatch(ARABIC_LETTERS);
      expect(service.descriptionAr).toMatch(ARABIC_LETTERS);
      expect(service.featuresAr.every((feature) => ARABIC_LETTERS.test(feature))).toBe(true);
    }
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () =>
      JSON.stringify([
        await dataSource.getRepository(ServiceCategory).find({ order: { id: 'ASC' } }),
        await dataSource.getRepository(Provider).find({ order: { id: 'ASC' } }),
        await dataSource.getRepository(ServiceListing).find({ order: { id: 'ASC' } }),
        await dataSource.getRepository(Review).find({ order: { id: 'ASC' } }),
        await terms(),
      ]);
    const before = await snapshot();
    const report = await seedCatalogue(dataSource);
    expect(report).toEqual({
      categories: { inserted: 0, updated: 0 },
      providers: { inserted: 0, updated: 0 },
      services: { inserted: 0, updated: 0 },
      reviews: { inserted: 0, updated: 0 },
      photos: { inserted: 0, removed: 0 },
    });
    expect(await snapshot()).toBe(before);
  });

  it('stores 2-4 photos per service, the cover as its imageUrl, and replaces a changed one by a new id', async () => {
    const photos = dataSource.getRepository(ServicePhoto);
    const services = await dataSource.getRepository(ServiceListing).find();
    const stored = await photos.find({ order: { serviceId: 'ASC', position: 'ASC' } });
    expect(stored).toHaveLength(DEMO_SERVICE_PHOTOS.length);
    for (const service of services) {
      const own = stored.filter((p) => p.serviceId === service.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(own.map((p) => p.position)).toEqual(own.map((_, i) => i));
      expect(service.imageUrl).toBe(`/api/services/${service.id}/photos/${own[0]!.id}`);
      for (const photo of own) expect(photo).toMatchObject({ contentType: 'image/webp', bytes: expect.any(Number) });
    }
    // A stored photo whose bytes no longer match the data (an older rendering) gives way to the current one.
    const cover = stored[0]!;
    const older = { ...cover, id: '00000000-0000-4000-8000-00000000d001', data: Buffer.from('RIFF0000WEBPold') };
    await photos.delete(cover.id);
    await photos.insert(older);
    const report = await seedCatalogue(dataSource);
    expect(report.photos).toEqual({ inserted: 1, removed: 1 });
    expect(report.services).toEqual({ inserted: 0, updated: 0 });
    expect(await photos.findOneBy({ id: older.id })).toBeNull();
    expect(await photos.findOneByOrFail({ serviceId: cover.serviceId, position: 0 })).toMatchObject({ id: cover.id });
    expect((await seedCatalogue(dataSource)).photos).toEqual({ inserted: 0, removed: 0 });
  });

  it('restores a seeded row that drifted from the data', async () => {
    const service = await dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'dog-walking' });
    await dataSource.getRepository(ServiceListing).update(service.id, { price: 999 });
    const report = await seedCatalogue(dataSource);
    expect(report.services).toEqual({ inserted: 0, updated: 1 });
    expect((await dataSource.getRepository(ServiceListing).findOneByOrFail({ id: service.id })).price).toBe(20);
  });

  it('keeps each service rating and review count the aggregate of its reviews', async () => {
    const services = await dataSource.getRepository(ServiceListing).find();
    const reviews = await dataSource.getRepository(Review).find();
    for (const service of services) {
      const own = reviews.filter((r) => r.serviceId === service.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(service.reviewCount).toBe(own.length);
      expect(service.rating).toBeCloseTo(own.reduce((sum, r) => sum + r.rating, 0) / own.length, 2);
      expect(new Set(own.map((r) => r.language)).size).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(reviews.map((r) => r.language))).toEqual(new Set(['en', 'ar']));
  });

  it('indexes every service for search, re-indexes one whose provider was renamed, and the migration backfills the index', async () => {
    const indexed = await terms();
    expect(new Set(indexed.map((t) => t.serviceId)).size).toBe(await dataSource.getRepository(ServiceListing).count());
    const dogWalking = await dataSource.getRepository(ServiceListing).findOneByOrFail({ slug: 'dog-walking' });
    const own = indexed.filter((t) => t.serviceId === dogWalking.id);
    // Title words weigh 4, the category and provider 2, the description 1; Arabic is folded.
    expect(own).toEqual(
      expect.arrayContaining([
        { serviceId: dogWalking.id, term: 'dog', weight: expect.anything() },
        { serviceId: dogWalking.id, term: 'تمشيه', weight: expect.anything() },
        { serviceId: dogWalking.id, term: 'care', weight: expect.anything() },
      ]),
    );
    expect(Number(own.find((t) => t.term === 'dog')!.weight)).toBe(4);
    expect(Number(own.find((t) => t.term === 'nour')!.weight)).toBe(2);

    await dataSource.getRepository(Provider).update(dogWalking.providerId, { businessName: 'Renamed Kennel' });
    const report = await seedCatalogue(dataSource);
    expect(report.providers).toEqual({ inserted: 0, updated: 1 });
    expect(await terms()).toEqual(indexed);

    // Down (with every later migration) and up again: the migration rebuilds the index from the rows it finds.
    await undoThrough(dataSource, 'CatalogueReviewsAndSearch1764000000000');
    await dataSource.runMigrations();
    expect(await terms()).toEqual(indexed);
    // Rewrites every start of every demo word (~75,000 term rows) three times down and up, with the counter triggers.
  }, 180_000);
});
