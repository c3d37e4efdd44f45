import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { isSqlite } from '@khidma/nest-kit';
import { SEARCH_TERMS_TABLE, syncSearchListing } from '../catalogue/search/search-index.js';

/** The reviews-and-search migration's index: every candidate of a word, then one service lookup each. */
const TERM_INDEX = new TableIndex({ name: 'idx_search_terms_term', columnNames: ['term', 'serviceId', 'weight'] });
/**
 * Public rows of a term in relevance order (weight, then the default list order), carrying the filter
 * fields: the best page of a term is the start of one index range, read without touching `services`.
 */
const RANKED_INDEX = new TableIndex({
  name: 'idx_search_terms_ranked',
  columnNames: ['listed', 'term', 'weight', 'rating', 'createdAt', 'serviceId', 'categoryId', 'price'],
});

/** Column definitions as on `services` (types and precision), for both dialects. */
const LISTING_COLUMNS = [
  new TableColumn({ name: 'listed', type: 'boolean', default: false }),
  new TableColumn({ name: 'categoryId', type: 'int', isNullable: true }),
  new TableColumn({ name: 'price', type: 'decimal', precision: 10, scale: 2, isNullable: true }),
  new TableColumn({ name: 'rating', type: 'decimal', precision: 3, scale: 2, isNullable: true }),
  new TableColumn({ name: 'createdAt', type: 'datetime', precision: 3, isNullable: true }),
];
const SQLITE_COLUMNS = [
  `"listed" boolean NOT NULL DEFAULT (0)`,
  `"categoryId" integer`,
  `"price" decimal(10,2)`,
  `"rating" decimal(3,2)`,
  `"createdAt" datetime(3)`,
];

/**
 * A search's list fields on its term rows (issue 15): a search read every candidate term, looked up
 * each service to filter and rank it, and sorted them all; with whether the service is public, its
 * category, price, rating and creation on the term row, it reads a term's best rows first from one
 * covering index and stops after the page (syncSearchListing keeps them in the write transactions).
 */
export class SearchTermsListing1765500000000 implements MigrationInterface {
  name = 'SearchTermsListing1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isSqlite(queryRunner)) {
      for (const column of SQLITE_COLUMNS) await queryRunner.query(`ALTER TABLE "${SEARCH_TERMS_TABLE}" ADD COLUMN ${column}`);
    } else {
      await queryRunner.addColumns(SEARCH_TERMS_TABLE, LISTING_COLUMNS);
    }
    await syncSearchListing(queryRunner.manager);
    await queryRunner.createIndex(SEARCH_TERMS_TABLE, RANKED_INDEX);
    await queryRunner.dropIndex(SEARCH_TERMS_TABLE, TERM_INDEX.name!);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(SEARCH_TERMS_TABLE, TERM_INDEX);
    await queryRunner.dropIndex(SEARCH_TERMS_TABLE, RANKED_INDEX.name!);
    if (isSqlite(queryRunner)) {
      for (const column of [...LISTING_COLUMNS].reverse()) await queryRunner.query(`ALTER TABLE "${SEARCH_TERMS_TABLE}" DROP COLUMN "${column.name}"`);
    } else {
      await queryRunner.dropColumns(SEARCH_TERMS_TABLE, [...LISTING_COLUMNS].reverse());
    }
  }
}
