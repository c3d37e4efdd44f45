import { Provider } from '../src/catalogue/entities/provider.entity.js';
import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { bookingWithCatalogue, undoThrough } from './support.js';

const MIGRATION = 'ListingProviderApproval1764900000000';
const STATUS_INDEX = 'idx_services_list_rating';
const LISTED_INDEX = 'idx_services_listed_rating';

describe('listing provider approval migration', () => {
  const booking = bookingWithCatalogue();

  const indexNames = async () => {
    const queryRunner = booking.dataSource.createQueryRunner();
    try {
      return (await queryRunner.getTable('services'))!.indices.map((index) => index.name);
    } finally {
      await queryRunner.release();
    }
  };

  it('drops the copy and restores the status indexes on the way down, and backfills each provider’s approval on the way up', async () => {
    const [unapproved] = await booking.dataSource.getRepository(Provider).find({ order: { id: 'ASC' }, take: 1 });

    await undoThrough(booking.dataSource, MIGRATION);
    const queryRunner = booking.dataSource.createQueryRunner();
    expect(await queryRunner.hasColumn('services', 'providerApproved')).toBe(false);
    await queryRunner.release();
    expect(await indexNames()).toEqual(expect.arrayContaining([STATUS_INDEX]));
    expect(await indexNames()).not.toContain(LISTED_INDEX);
    // Changed while the column is gone: the backfill must read it from the provider's row.
    await booking.dataSource.query("UPDATE providers SET status = 'pending' WHERE id = ?", [unapproved!.id]);

    await booking.dataSource.runMigrations();
    expect(await indexNames()).toEqual(expect.arrayContaining([LISTED_INDEX]));
    expect(await indexNames()).not.toContain(STATUS_INDEX);
    const services = await booking.dataSource.getRepository(ServiceListing).find();
    expect(services.some((s) => s.providerId === unapproved!.id)).toBe(true);
    for (const service of services) {
      expect([service.slug, service.providerApproved]).toEqual([service.slug, service.providerId !== unapproved!.id]);
    }
  });
});
