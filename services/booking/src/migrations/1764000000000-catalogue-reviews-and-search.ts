import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { reindexServices, SEARCH_TERMS_TABLE } from '../catalogue/search/search-index.js';
import { enumColumn } from '../database/columns.js';

/** Frozen copy (see the initial schema): a later change to the list is a new migration. */
const LANGUAGES = ['en', 'ar'];

/*
 * The list's orders, each served by one index read backwards or forwards and stopped after a page:
 * status is always 'active', the category is optional, and the id makes equal keys page stably.
 * They replace the single-column indexes, which could filter or sort but not both.
 */
const LIST_INDEXES = [
  new TableIndex({ name: 'idx_services_list_rating', columnNames: ['status', 'rating', 'createdAt', 'id'] }),
  new TableIndex({ name: 'idx_services_list_price', columnNames: ['status', 'price', 'id'] }),
  new TableIndex({ name: 'idx_services_list_newest', columnNames: ['status', 'createdAt', 'id'] }),
  new TableIndex({ name: 'idx_services_category_rating', columnNames: ['status', 'categoryId', 'rating', 'createdAt', 'id'] }),
  new TableIndex({ name: 'idx_services_category_price', columnNames: ['status', 'categoryId', 'price', 'id'] }),
  new TableIndex({ name: 'idx_services_category_newest', columnNames: ['status', 'categoryId', 'createdAt', 'id'] }),
];
const REPLACED_INDEXES = [
  new TableIndex({ name: 'idx_services_status_category', columnNames: ['status', 'categoryId'] }),
  new TableIndex({ name: 'idx_services_price', columnNames: ['price'] }),
  new TableIndex({ name: 'idx_services_rating', columnNames: ['rating'] }),
  new TableIndex({ name: 'idx_services_created', columnNames: ['createdAt'] }),
];

/** Reviews, the word index behind catalogue search (backfilled here), and indexes for every list order. */
export class CatalogueReviewsAndSearch1764000000000 implements MigrationInterface {
  name = 'CatalogueReviewsAndSearch1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'reviews',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'serviceId', type: 'varchar', length: '36' },
          { name: 'authorName', type: 'varchar', length: '100' },
          { name: 'rating', type: 'int' },
          { name: 'comment', type: 'text' },
          enumColumn(queryRunner, 'language', LANGUAGES),
          { name: 'createdAt', type: 'datetime', precision: 3, default: nowDefault(queryRunner) },
        ],
        indices: [new TableIndex({ name: 'idx_reviews_service_created', columnNames: ['serviceId', 'createdAt'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_reviews_service',
            columnNames: ['serviceId'],
            referencedTableName: 'services',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );

    // One row per distinct normalized word of a service, searched by prefix (`term LIKE 'clean%'`),
    // which a B-tree index answers on SQLite, MySQL 8 and MariaDB alike. FULLTEXT was the other
    // candidate: InnoDB's default parser cannot match inside Arabic words with their clitics, ngram
    // exists on MySQL only, and SQLite would have needed a second search implementation.
    await queryRunner.createTable(
      new Table({
        name: SEARCH_TERMS_TABLE,
        columns: [
          { name: 'serviceId', type: 'varchar', length: '36', isPrimary: true },
          // Binary on MySQL: terms are already folded, and the collation's own folding would merge
          // distinct terms under the primary key and slow the prefix comparison down.
          { name: 'term', type: 'varchar', length: '64', isPrimary: true, ...(mysql ? { collation: 'utf8mb4_bin' } : {}) },
          { name: 'weight', type: 'int' },
        ],
        indices: [new TableIndex({ name: 'idx_search_terms_term', columnNames: ['term', 'serviceId', 'weight'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_search_terms_service',
            columnNames: ['serviceId'],
            referencedTableName: 'services',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );

    await queryRunner.createIndices('services', LIST_INDEXES);
    for (const index of REPLACED_INDEXES) await queryRunner.dropIndex('services', index.name!);
    await reindexServices(queryRunner.manager, undefined, { withListing: false });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndices('services', REPLACED_INDEXES);
    for (const index of LIST_INDEXES) await queryRunner.dropIndex('services', index.name!);
    await queryRunner.dropTable(SEARCH_TERMS_TABLE);
    await queryRunner.dropTable('reviews');
  }
}
