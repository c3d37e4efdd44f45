import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * The categories' provider counts (`COUNT(DISTINCT providerId) … GROUP BY categoryId` over public
 * services) read from one index holding exactly those columns: a skip from one (category, provider)
 * pair to the next where the database can (MariaDB/MySQL "Using index for group-by"), an index-only
 * read otherwise, instead of every public service row.
 */
const PROVIDERS_INDEX = new TableIndex({
  name: 'idx_services_listed_category_provider',
  columnNames: ['status', 'providerApproved', 'categoryId', 'providerId'],
});

export class CategoryProviderCounts1765600000000 implements MigrationInterface {
  name = 'CategoryProviderCounts1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('services', PROVIDERS_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('services', PROVIDERS_INDEX.name!);
  }
}
