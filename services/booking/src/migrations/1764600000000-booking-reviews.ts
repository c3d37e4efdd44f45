import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Reviews written after a completed booking: who wrote it for which booking (one review per
 * booking, by the unique index), the provider's reply, an admin's hiding, and the last edit. Reviews
 * from before (the demo's) have no booking or client, so those columns are nullable. Providers keep
 * their review count beside their rating, both recomputed with every review write.
 */
export class BookingReviews1764600000000 implements MigrationInterface {
  name = 'BookingReviews1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('reviews', [
      new TableColumn({ name: 'bookingId', type: 'varchar', length: '36', isNullable: true }),
      new TableColumn({ name: 'clientId', type: 'varchar', length: '36', isNullable: true }),
      new TableColumn({ name: 'replyComment', type: 'text', isNullable: true }),
      new TableColumn({ name: 'repliedAt', type: 'datetime', precision: 3, isNullable: true }),
      new TableColumn({ name: 'hiddenAt', type: 'datetime', precision: 3, isNullable: true }),
      new TableColumn({ name: 'hiddenBy', type: 'varchar', length: '36', isNullable: true }),
      new TableColumn({ name: 'hiddenReason', type: 'varchar', length: '500', isNullable: true }),
      new TableColumn({ name: 'updatedAt', type: 'datetime', precision: 3, default: nowDefault(queryRunner) }),
    ]);
    await queryRunner.query('UPDATE reviews SET updatedAt = createdAt');
    await queryRunner.createIndices('reviews', [
      new TableIndex({ name: 'uq_reviews_booking', columnNames: ['bookingId'], isUnique: true }),
      new TableIndex({ name: 'idx_reviews_created', columnNames: ['createdAt'] }),
    ]);

    await queryRunner.addColumn('providers', new TableColumn({ name: 'reviewCount', type: 'int', default: 0 }));
    // Providers' ratings so far were set by hand; from now on they are the mean of their reviews.
    await queryRunner.query(
      `UPDATE providers SET
         rating = (SELECT ROUND(AVG(r.rating), 2) FROM reviews r JOIN services s ON s.id = r.serviceId WHERE s.providerId = providers.id),
         reviewCount = (SELECT COUNT(*) FROM reviews r JOIN services s ON s.id = r.serviceId WHERE s.providerId = providers.id)
       WHERE EXISTS (SELECT 1 FROM services s JOIN reviews r ON r.serviceId = s.id WHERE s.providerId = providers.id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') await queryRunner.dropColumn('providers', 'reviewCount');
    // TypeORM drops a SQLite column by recreating the table, and services' RESTRICT key to providers
    // refuses that inside the transaction; SQLite's own DROP COLUMN leaves the table in place.
    else await queryRunner.query('ALTER TABLE "providers" DROP COLUMN "reviewCount"');
    await queryRunner.dropIndex('reviews', 'idx_reviews_created');
    await queryRunner.dropIndex('reviews', 'uq_reviews_booking');
    for (const column of ['updatedAt', 'hiddenReason', 'hiddenBy', 'hiddenAt', 'repliedAt', 'replyComment', 'clientId', 'bookingId']) {
      await queryRunner.dropColumn('reviews', column);
    }
  }
}
