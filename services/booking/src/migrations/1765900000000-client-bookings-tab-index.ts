import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/*
 * My Bookings reads one tab (a set of statuses) a page at a time, latest appointment first, from the
 * last booking of the previous page: this index has the client's rows of a status in that order, so
 * a page stops after its rows instead of sorting the whole history, and the tabs' counts are read
 * from it alone. The id makes bookings of the same slot and millisecond page stably.
 */
const TAB_INDEX = new TableIndex({
  name: 'idx_bookings_client_tab',
  columnNames: ['clientId', 'status', 'scheduledDate', 'scheduledTime', 'createdAt', 'id'],
});

export class ClientBookingsTabIndex1765900000000 implements MigrationInterface {
  name = 'ClientBookingsTabIndex1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('bookings', TAB_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('bookings', TAB_INDEX.name!);
  }
}
