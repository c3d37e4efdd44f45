import { longTextType, nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

export class CreateChatMessages1763800000000 implements MigrationInterface {
  name = 'CreateChatMessages1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'chat_messages',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'sessionId', type: 'varchar', length: '64' },
          { name: 'role', type: 'varchar', length: '16' },
          // A model's answer can outgrow MySQL's 64 KiB TEXT.
          { name: 'content', type: longTextType(queryRunner) },
          { name: 'language', type: 'varchar', length: '2' },
          { name: 'createdAt', type: 'datetime', precision: 3, default: nowDefault(queryRunner) },
        ],
      }),
    );
    await queryRunner.createIndex(
      'chat_messages',
      new TableIndex({
        name: 'idx_chat_messages_session',
        columnNames: ['sessionId', 'createdAt'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('chat_messages');
  }
}
