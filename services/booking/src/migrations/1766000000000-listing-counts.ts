import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { LISTING_COUNTS_TABLE, TERM_COUNTS_TABLE } from '../catalogue/listing-counts.js';
import { SEARCH_TERMS_TABLE } from '../catalogue/search/search-index.js';
import { type CounterTable, createCounterTable, dropCounterTable, priceBucketOf } from '../database/counter-triggers.js';

const CATEGORY = { column: 'categoryId', type: { mysql: 'int', sqlite: 'integer' }, of: (row: string) => `${row}.categoryId` };
const PRICE_RANGE = { column: 'priceRange', type: { mysql: 'varchar(16)', sqlite: 'varchar(16)' }, of: priceBucketOf };

/** Public services per category and price bucket: a list's count. */
const LISTING_COUNTS: CounterTable = {
  name: LISTING_COUNTS_TABLE,
  source: 'services',
  triggerPrefix: 'trg_services_listing_count',
  counted: (row) => `(${row}.status = 'active' AND ${row}.providerApproved = 1)`,
  cell: [CATEGORY, PRICE_RANGE],
};

/**
 * Public term rows per term, category and price bucket: a one-term search's count (a service has one
 * row per term). The term column as on the term rows: binary on MySQL, so Arabic letter variants the
 * search folds apart stay apart.
 */
const TERM_COUNTS: CounterTable = {
  name: TERM_COUNTS_TABLE,
  source: SEARCH_TERMS_TABLE,
  triggerPrefix: 'trg_search_terms_count',
  counted: (row) => `(${row}.listed = 1)`,
  cell: [{ column: 'term', type: { mysql: 'varchar(64) COLLATE utf8mb4_bin', sqlite: 'varchar(64)' }, of: (row) => `${row}.term` }, CATEGORY, PRICE_RANGE],
};

/**
 * Counts that do not scan (issue 15): a list's total and a one-term search's were probes of up to 1,001
 * index entries per request, most of their database time. Each is now the sum of at most 48 counter
 * rows kept by triggers (see CounterTable), filled here from one grouped read.
 *
 * On SQLite a later migration that rebuilds `services` or the term table (TypeORM's way to alter a
 * column there) drops their triggers, and must create them again.
 */
export class ListingCounts1766000000000 implements MigrationInterface {
  name = 'ListingCounts1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createCounterTable(queryRunner, LISTING_COUNTS);
    await createCounterTable(queryRunner, TERM_COUNTS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropCounterTable(queryRunner, TERM_COUNTS);
    await dropCounterTable(queryRunner, LISTING_COUNTS);
  }
}
