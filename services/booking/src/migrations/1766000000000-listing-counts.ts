import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { isSqlite } from '@khidma/nest-kit';
import { LISTING_COUNTS_TABLE } from '../catalogue/listing-counts.js';

/**
 * The price buckets of the catalogue's filter (PRICE_BOUNDS in catalogue.service.ts) as one CASE over a
 * row's price. The edges are written here, not imported: a migration keeps the schema it was run with.
 * Moving a bucket edge needs a migration that recreates the triggers; catalogue.spec compares every
 * stored count with a COUNT(*) under the service's own filter, so a drift between the two fails there.
 */
const bucketOf = (row: string) =>
  `CASE WHEN ${row}.price <= 25 THEN '0-25' WHEN ${row}.price <= 50 THEN '25-50' WHEN ${row}.price <= 100 THEN '50-100' ELSE '100+' END`;
const listed = (row: string) => `(${row}.status = 'active' AND ${row}.providerApproved = 1)`;

/** One row's entry into (+1) or exit from (-1) its cell, as an upsert in each dialect. */
function move(sqlite: boolean, row: 'NEW' | 'OLD', delta: 1 | -1): string {
  const cell = `${row}.categoryId, ${bucketOf(row)}, ${delta}`;
  return sqlite
    ? `INSERT INTO "${LISTING_COUNTS_TABLE}" ("categoryId", "priceRange", "listed") SELECT ${cell} WHERE ${listed(row)}
         ON CONFLICT ("categoryId", "priceRange") DO UPDATE SET "listed" = "listed" + ${delta};`
    : `IF ${listed(row)} THEN
         INSERT INTO \`${LISTING_COUNTS_TABLE}\` (categoryId, priceRange, listed) VALUES (${cell})
           ON DUPLICATE KEY UPDATE listed = listed + ${delta};
       END IF;`;
}

/** Whether an update moves the row to another cell: a rating or text change (every review, every edit) does not. */
const cellChanged = `(${listed('OLD')}, OLD.categoryId, ${bucketOf('OLD')}) <> (${listed('NEW')}, NEW.categoryId, ${bucketOf('NEW')})`;

/**
 * The three triggers that keep the counts in the statement that changes a service, so no write path can
 * miss them. An update that leaves the row in its cell touches no counter, so writes that do not move
 * services (reviews, edits) never wait for each other on a counter row's lock.
 */
function triggers(sqlite: boolean): Array<{ name: string; sql: string }> {
  const body = (statements: string[], when?: string) =>
    sqlite
      ? `${when ? `WHEN ${when} ` : ''}BEGIN ${statements.join(' ')} END`
      : `FOR EACH ROW BEGIN ${when ? `IF ${when} THEN ${statements.join(' ')} END IF;` : statements.join(' ')} END`;
  return [
    { name: 'trg_services_listing_count_insert', sql: `AFTER INSERT ON services ${body([move(sqlite, 'NEW', 1)])}` },
    { name: 'trg_services_listing_count_update', sql: `AFTER UPDATE ON services ${body([move(sqlite, 'OLD', -1), move(sqlite, 'NEW', 1)], cellChanged)}` },
    { name: 'trg_services_listing_count_delete', sql: `AFTER DELETE ON services ${body([move(sqlite, 'OLD', -1)])}` },
  ];
}

/**
 * A list's count read from a few counter rows instead of the services (issue 15, "counts that do not
 * scan"): the capped count probed 1,001 index entries per list request, most of a list's database
 * time. Triggers keep the counters in the same statement and transaction as the service row, so they
 * are exact under concurrent writes (each change is an increment under the counter row's lock) and
 * whatever code path changes a service. The table starts from one grouped read of the services.
 *
 * On SQLite a later migration that rebuilds `services` (TypeORM's way to alter a column there) drops
 * its triggers, and must create them again.
 */
export class ListingCounts1766000000000 implements MigrationInterface {
  name = 'ListingCounts1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = isSqlite(queryRunner);
    await queryRunner.query(
      sqlite
        ? `CREATE TABLE "${LISTING_COUNTS_TABLE}" ("categoryId" integer NOT NULL, "priceRange" varchar(16) NOT NULL, "listed" integer NOT NULL,
             PRIMARY KEY ("categoryId", "priceRange"))`
        : `CREATE TABLE \`${LISTING_COUNTS_TABLE}\` (categoryId int NOT NULL, priceRange varchar(16) NOT NULL, listed int NOT NULL,
             PRIMARY KEY (categoryId, priceRange)) ENGINE=InnoDB`,
    );
    for (const trigger of triggers(sqlite)) await queryRunner.query(`CREATE TRIGGER ${trigger.name} ${trigger.sql}`);
    await queryRunner.query(
      `INSERT INTO ${LISTING_COUNTS_TABLE} (categoryId, priceRange, listed)
       SELECT categoryId, bucket, COUNT(*) FROM (SELECT s.categoryId AS categoryId, ${bucketOf('s')} AS bucket FROM services s WHERE ${listed('s')}) AS cells
       GROUP BY categoryId, bucket`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of triggers(isSqlite(queryRunner))) await queryRunner.query(`DROP TRIGGER ${trigger.name}`);
    await queryRunner.query(`DROP TABLE ${LISTING_COUNTS_TABLE}`);
  }
}
