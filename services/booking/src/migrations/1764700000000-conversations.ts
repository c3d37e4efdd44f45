import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Client–provider conversations (issue 13): threads, their messages (with images) and reports of messages. */
export class Conversations1764700000000 implements MigrationInterface {
  name = 'Conversations1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const now = nowDefault(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'conversations',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'providerId', type: 'varchar', length: '36' },
          { name: 'providerUserId', type: 'varchar', length: '36' },
          { name: 'clientId', type: 'varchar', length: '36' },
          { name: 'clientName', type: 'varchar', length: '100' },
          { name: 'clientEmail', type: 'varchar', length: '254', isNullable: true },
          { name: 'clientLanguage', type: 'varchar', length: '32' },
          { name: 'bookingId', type: 'varchar', length: '36', isNullable: true },
          { name: 'enquiryKey', type: 'varchar', length: '80', isNullable: true },
          { name: 'lastMessageAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
          { name: 'updatedAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [
          // NULLs never clash: booking threads have no enquiry key, enquiries no booking.
          new TableIndex({ name: 'uq_conversations_booking', columnNames: ['bookingId'], isUnique: true }),
          new TableIndex({ name: 'uq_conversations_enquiry', columnNames: ['enquiryKey'], isUnique: true }),
          new TableIndex({ name: 'idx_conversations_client', columnNames: ['clientId', 'lastMessageAt'] }),
          new TableIndex({ name: 'idx_conversations_provider_user', columnNames: ['providerUserId', 'lastMessageAt'] }),
        ],
        foreignKeys: [
          new TableForeignKey({ name: 'fk_conversations_provider', columnNames: ['providerId'], referencedTableName: 'providers', referencedColumnNames: ['id'] }),
          new TableForeignKey({ name: 'fk_conversations_booking', columnNames: ['bookingId'], referencedTableName: 'bookings', referencedColumnNames: ['id'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'conversation_messages',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'conversationId', type: 'varchar', length: '36' },
          { name: 'senderId', type: 'varchar', length: '36' },
          { name: 'senderSide', type: 'varchar', length: '16' },
          { name: 'recipientId', type: 'varchar', length: '36' },
          { name: 'text', type: 'text', isNullable: true },
          { name: 'imageContentType', type: 'varchar', length: '64', isNullable: true },
          { name: 'imageBytes', type: 'int', isNullable: true },
          // BLOB stops at 64 KiB on MySQL; an image may be up to 1000 KB.
          { name: 'imageData', type: mysql ? 'longblob' : 'blob', isNullable: true },
          { name: 'deliveredAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'readAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'hiddenAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'hiddenBy', type: 'varchar', length: '36', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [
          new TableIndex({ name: 'idx_conversation_messages_thread', columnNames: ['conversationId', 'createdAt', 'id'] }),
          new TableIndex({ name: 'idx_conversation_messages_unread', columnNames: ['recipientId', 'readAt', 'conversationId'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_conversation_messages_conversation',
            columnNames: ['conversationId'],
            referencedTableName: 'conversations',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'conversation_message_reports',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'messageId', type: 'varchar', length: '36' },
          { name: 'conversationId', type: 'varchar', length: '36' },
          { name: 'reporterId', type: 'varchar', length: '36' },
          { name: 'reason', type: 'varchar', length: '500' },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [
          new TableIndex({ name: 'uq_message_reports_reporter', columnNames: ['messageId', 'reporterId'], isUnique: true }),
          new TableIndex({ name: 'idx_message_reports_conversation', columnNames: ['conversationId', 'createdAt'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_message_reports_message',
            columnNames: ['messageId'],
            referencedTableName: 'conversation_messages',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('conversation_message_reports');
    await queryRunner.dropTable('conversation_messages');
    await queryRunner.dropTable('conversations');
  }
}
