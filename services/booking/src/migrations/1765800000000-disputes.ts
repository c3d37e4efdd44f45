import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Disputes after a job (issue 17 part 4, docs/disputes.md): the dispute (one per booking), its
 * conversation and evidence photos; on payments what was refunded so far (a partial refund keeps the
 * charge `succeeded`); on bookings when it was completed (the 72 h window starts there).
 */
export class Disputes1765800000000 implements MigrationInterface {
  name = 'Disputes1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'disputes',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'bookingId', type: 'varchar', length: '36' },
          { name: 'clientId', type: 'varchar', length: '36' },
          { name: 'providerId', type: 'varchar', length: '36' },
          { name: 'reason', type: 'varchar', length: '32' },
          { name: 'status', type: 'varchar', length: '32' },
          { name: 'outcome', type: 'varchar', length: '32', isNullable: true },
          { name: 'requestedAmount', type: 'decimal', precision: 10, scale: 2 },
          { name: 'refundedAmount', type: 'decimal', precision: 10, scale: 2, isNullable: true },
          { name: 'decisionNote', type: 'text', isNullable: true },
          { name: 'decidedBy', type: 'varchar', length: '36', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'respondedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'resolvedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          // One dispute per booking: of two concurrent opens, the second insert fails here.
          new TableIndex({ name: 'uq_disputes_booking', columnNames: ['bookingId'], isUnique: true }),
          new TableIndex({ name: 'idx_disputes_status_created', columnNames: ['status', 'createdAt'] }),
          new TableIndex({ name: 'idx_disputes_provider_status', columnNames: ['providerId', 'status'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'dispute_messages',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'disputeId', type: 'varchar', length: '36' },
          { name: 'authorId', type: 'varchar', length: '36' },
          { name: 'side', type: 'varchar', length: '16' },
          { name: 'text', type: 'text' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        indices: [new TableIndex({ name: 'idx_dispute_messages_thread', columnNames: ['disputeId', 'createdAt', 'id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'dispute_photos',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'disputeId', type: 'varchar', length: '36' },
          { name: 'messageId', type: 'varchar', length: '36' },
          { name: 'position', type: 'int' },
          { name: 'contentType', type: 'varchar', length: '32' },
          // BLOB stops at 64 KiB on MySQL; a photo may be up to 1000 KB.
          { name: 'data', type: mysql ? 'longblob' : 'blob' },
        ],
        indices: [new TableIndex({ name: 'idx_dispute_photos_message', columnNames: ['messageId', 'position'] })],
      }),
    );
    await queryRunner.addColumn('payments', new TableColumn({ name: 'refundedAmount', type: 'decimal', precision: 10, scale: 2, isNullable: true }));
    await queryRunner.query(`UPDATE payments SET refundedAmount = amount WHERE status = 'refunded'`);
    await queryRunner.addColumn('bookings', new TableColumn({ name: 'completedAt', type: 'datetime', precision: 3, isNullable: true }));
    // Bookings completed before this column: their last change was the completion.
    await queryRunner.query(`UPDATE bookings SET completedAt = updatedAt WHERE status = 'completed'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('bookings', 'completedAt');
    await queryRunner.dropColumn('payments', 'refundedAmount');
    await queryRunner.dropTable('dispute_photos');
    await queryRunner.dropTable('dispute_messages');
    await queryRunner.dropTable('disputes');
  }
}
