import { nowDefault, longTextType } from '../database/portable-ddl.js';
import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/** Outbox and inbox tables; every service that publishes or consumes lists this migration. */
export class CreateOutbox1763700000000 implements MigrationInterface {
  name = 'CreateOutbox1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = nowDefault(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'outbox_messages',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'queue', type: 'varchar', length: '64' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'payload', type: longTextType(queryRunner) },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
          { name: 'publishedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'lastError', type: 'varchar', length: '500', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndex(
      'outbox_messages',
      new TableIndex({ name: 'idx_outbox_unpublished', columnNames: ['publishedAt', 'createdAt'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'processed_messages',
        columns: [
          { name: 'messageId', type: 'varchar', length: '36', isPrimary: true },
          { name: 'consumer', type: 'varchar', length: '64', isPrimary: true },
          { name: 'processedAt', type: 'datetime', precision: 3, default: now },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('processed_messages');
    await queryRunner.dropTable('outbox_messages');
  }
}

/** The trace an outbox row was written in (55 characters: a version 00 `traceparent`); rows from before have none. */
export class OutboxTraceparent1765000000000 implements MigrationInterface {
  name = 'OutboxTraceparent1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('outbox_messages', new TableColumn({ name: 'traceparent', type: 'varchar', length: '55', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('outbox_messages', 'traceparent');
  }
}
