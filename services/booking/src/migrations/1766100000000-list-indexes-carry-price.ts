import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

const list = (name: string, columnNames: string[]) => new TableIndex({ name, columnNames });

/** The rating and date orders' list indexes as ListingProviderApproval1764900000000 created them. */
const WITHOUT_PRICE = [
  list('idx_services_listed_rating', ['status', 'providerApproved', 'rating', 'createdAt', 'id']),
  list('idx_services_listed_newest', ['status', 'providerApproved', 'createdAt', 'id']),
  list('idx_services_listed_category_rating', ['status', 'providerApproved', 'categoryId', 'rating', 'createdAt', 'id']),
  list('idx_services_listed_category_newest', ['status', 'providerApproved', 'categoryId', 'createdAt', 'id']),
];

/**
 * The same orders with the price after their keys: a price range under the rating or date order is
 * then checked in the index while the page is chosen, instead of by reading each passed-over service's
 * row (a "50-100" list read 172 rows for its 20 cards, and was the dearest list to the database).
 */
const WITH_PRICE = WITHOUT_PRICE.map((index) => list(index.name!, [...index.columnNames, 'price']));

export class ListIndexesCarryPrice1766100000000 implements MigrationInterface {
  name = 'ListIndexesCarryPrice1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of WITHOUT_PRICE) await queryRunner.dropIndex('services', index.name!);
    await queryRunner.createIndices('services', WITH_PRICE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of WITH_PRICE) await queryRunner.dropIndex('services', index.name!);
    await queryRunner.createIndices('services', WITHOUT_PRICE);
  }
}
