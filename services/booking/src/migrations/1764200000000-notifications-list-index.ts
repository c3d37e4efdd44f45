import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/*
 * The notification list is newest first over read and unread rows alike, so the (userId, isRead,
 * createdAt) index cannot order it; this one is read backwards from the cursor and stopped after a
 * page. The id makes rows written in the same millisecond page stably.
 */
const LIST_INDEX = new TableIndex({ name: 'idx_notifications_user_created', columnNames: ['userId', 'createdAt', 'id'] });

export class NotificationsListIndex1764200000000 implements MigrationInterface {
  name = 'NotificationsListIndex1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('notifications', LIST_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('notifications', LIST_INDEX.name!);
  }
}
