import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Recurring bookings (issue 17): the series row, and on each booking its series and place in it
 * (frequency and size copied, fixed at creation, so every booking answer shows "Weekly · 3 of 6"
 * without a join).
 */
export class BookingSeries1765400000000 implements MigrationInterface {
  name = 'BookingSeries1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'booking_series',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'clientId', type: 'varchar', length: '36' },
          { name: 'providerId', type: 'varchar', length: '36' },
          { name: 'serviceId', type: 'varchar', length: '36' },
          { name: 'frequency', type: 'varchar', length: '16' },
          { name: 'size', type: 'int' },
          { name: 'untilDate', type: 'varchar', length: '10', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        indices: [new TableIndex({ name: 'idx_booking_series_client', columnNames: ['clientId', 'createdAt'] })],
      }),
    );
    await queryRunner.addColumns('bookings', [
      new TableColumn({ name: 'seriesId', type: 'varchar', length: '36', isNullable: true }),
      new TableColumn({ name: 'seriesFrequency', type: 'varchar', length: '16', isNullable: true }),
      new TableColumn({ name: 'seriesIndex', type: 'int', isNullable: true }),
      new TableColumn({ name: 'seriesSize', type: 'int', isNullable: true }),
    ]);
    await queryRunner.createIndex('bookings', new TableIndex({ name: 'idx_bookings_series', columnNames: ['seriesId', 'seriesIndex'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('bookings', 'idx_bookings_series');
    for (const column of ['seriesSize', 'seriesIndex', 'seriesFrequency', 'seriesId']) await queryRunner.dropColumn('bookings', column);
    await queryRunner.dropTable('booking_series');
  }
}
