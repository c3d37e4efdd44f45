import { ServiceListing } from '../src/catalogue/entities/service-listing.entity.js';
import { bookingWithCatalogue, undoThrough } from './support.js';

const MIGRATION = 'ProviderPortal1764400000000';
const COLUMNS = ['pendingRevision', 'revisionSubmittedAt', 'approvedAt', 'rejectionReason'];

describe('provider portal migration', () => {
  const booking = bookingWithCatalogue();

  it('drops its columns on the way down and, on the way up, records every live or switched-off service as approved', async () => {
    const services = booking.dataSource.getRepository(ServiceListing);
    const [off, waiting] = await services.find({ order: { id: 'ASC' }, take: 2 });
    await services.update(off!.id, { status: 'inactive' });
    await services.update(waiting!.id, { status: 'pending' });

    await undoThrough(booking.dataSource, MIGRATION);
    const queryRunner = booking.dataSource.createQueryRunner();
    for (const column of COLUMNS) expect([column, await queryRunner.hasColumn('services', column)]).toEqual([column, false]);

    await booking.dataSource.runMigrations();
    for (const column of COLUMNS) expect([column, await queryRunner.hasColumn('services', column)]).toEqual([column, true]);
    await queryRunner.release();
    const after = await services.find();
    for (const service of after) {
      const expected = service.status === 'pending' ? null : service.createdAt.toISOString();
      expect([service.slug, service.approvedAt?.toISOString() ?? null]).toEqual([service.slug, expected]);
      expect(service).toMatchObject({ pendingRevision: null, revisionSubmittedAt: null, rejectionReason: null });
    }
    expect(after.find((s) => s.id === off!.id)!.approvedAt).not.toBeNull();
    expect(after.find((s) => s.id === waiting!.id)!.approvedAt).toBeNull();
  });
});
