import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/**
 * A notification keeps its words in every language beside the recipient's own, so it reads in the
 * language the app is shown in. Earlier notices keep null: their words exist in one language only.
 */
export class NotificationTranslations1766300000000 implements MigrationInterface {
  name = 'NotificationTranslations1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('notifications', new TableColumn({ name: 'translations', type: 'text', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('notifications', 'translations');
  }
}
