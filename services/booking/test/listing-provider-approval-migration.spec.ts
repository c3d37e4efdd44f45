import { DataSource } from 'typeorm';
import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { bookingTestConfig, startBooking, undoThrough } from './support.js';

const MIGRATION = 'ListingProviderApproval1764900000000';
const STATUS_INDEX = 'idx_services_list_rating';
const LISTED_INDEX = 'idx_services_listed_rating';

describe('listing provider approval migration', () => {
  const config = bookingTestConfig();
  let app: Awaited<ReturnType<typeof startBooking>>['app'];
  let dataSource: DataSource;

  beforeAll(async () => {
    ({ app } = await startBooking(config));
    dataSource = app.get(DataSource);
    await seedCatalogue(dataSource);
  });
  afterAll(async () => {
    await app.close();
    await config.cleanup();
  });

  const indexNames = async () => {
    const queryRunner = dataSource.createQueryRunner();
    try {
      return (await queryRunner.getTable('services'))!.indices.map((index) => index.name);
    } finally {
      await queryRunner.release();
    }
  };

  it('drops the copy and restores the status indexes on the way down, and backfills each provider’s approval on the way up', async () => {
    const [unapproved] = await dataSource.getRepository(Provider).find({ order: { id: 'ASC' }, take: 1 });

    await undoThrough(dataSource, MIGRATION);
    const queryRunner = dataSource.createQueryRunner();
    expect(await queryRunner.hasColumn('services', 'providerApproved')).toBe(false);
    await queryRunner.release();
    expect(await indexNames()).toEqual(expect.arrayContaining([STATUS_INDEX]));
    expect(await indexNames()).not.toContain(LISTED_INDEX);
    // Changed while the column is gone: the backfill must read it from the provider's row.
    await dataSource.query("UPDATE providers SET status = 'pending' WHERE id = ?", [unapproved!.id]);

    await dataSource.runMigrations();
    expect(await indexNames()).toEqual(expect.arrayContaining([LISTED_INDEX]));
    expect(await indexNames()).not.toContain(STATUS_INDEX);
    const services = await dataSource.getRepository(ServiceListing).find();
    expect(services.some((s) => s.providerId === unapproved!.id)).toBe(true);
    for (const service of services) {
      expect([service.slug, service.providerApproved]).toEqual([service.slug, service.providerId !== unapproved!.id]);
    }
  });
});
