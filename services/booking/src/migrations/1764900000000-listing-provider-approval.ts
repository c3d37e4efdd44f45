import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { isSqlite } from '@khidma/nest-kit';
import { syncProviderApproval } from '../catalogue/provider-approval.js';

const list = (name: string, columnNames: string[]) => new TableIndex({ name, columnNames });

/** The list indexes of the reviews-and-search migration, which filter by the service's status only. */
const STATUS_INDEXES = [
  list('idx_services_list_rating', ['status', 'rating', 'createdAt', 'id']),
  list('idx_services_list_price', ['status', 'price', 'id']),
  list('idx_services_list_newest', ['status', 'createdAt', 'id']),
  list('idx_services_category_rating', ['status', 'categoryId', 'rating', 'createdAt', 'id']),
  list('idx_services_category_price', ['status', 'categoryId', 'price', 'id']),
  list('idx_services_category_newest', ['status', 'categoryId', 'createdAt', 'id']),
];

/** The same orders behind both public conditions, so a page and its count read one index and never join. */
const LISTED_INDEXES = [
  list('idx_services_listed_rating', ['status', 'providerApproved', 'rating', 'createdAt', 'id']),
  list('idx_services_listed_price', ['status', 'providerApproved', 'price', 'id']),
  list('idx_services_listed_newest', ['status', 'providerApproved', 'createdAt', 'id']),
  list('idx_services_listed_category_rating', ['status', 'providerApproved', 'categoryId', 'rating', 'createdAt', 'id']),
  list('idx_services_listed_category_price', ['status', 'providerApproved', 'categoryId', 'price', 'id']),
  list('idx_services_listed_category_newest', ['status', 'providerApproved', 'categoryId', 'createdAt', 'id']),
];

/**
 * The provider's approval copied onto each service row. Filtering on the provider's own row made the
 * public list a join the optimizer may start from providers (at 100,000 services MariaDB did, sorting
 * every active service per request); on the service row, filter and order are one index prefix.
 */
export class ListingProviderApproval1764900000000 implements MigrationInterface {
  name = 'ListingProviderApproval1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isSqlite(queryRunner)) await queryRunner.query(`ALTER TABLE "services" ADD COLUMN "providerApproved" boolean NOT NULL DEFAULT (0)`);
    else await queryRunner.addColumn('services', new TableColumn({ name: 'providerApproved', type: 'boolean', default: false }));
    await syncProviderApproval(queryRunner.manager, undefined, { withSearchListing: false });
    for (const index of STATUS_INDEXES) await queryRunner.dropIndex('services', index.name!);
    await queryRunner.createIndices('services', LISTED_INDEXES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of LISTED_INDEXES) await queryRunner.dropIndex('services', index.name!);
    await queryRunner.createIndices('services', STATUS_INDEXES);
    if (isSqlite(queryRunner)) await queryRunner.query(`ALTER TABLE "services" DROP COLUMN "providerApproved"`);
    else await queryRunner.dropColumn('services', 'providerApproved');
  }
}
