import { longTextType } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

/** Proposals (single-use confirmation tokens), the audit log and per-session dialogue memory. */
export class AssistantActions1764500000000 implements MigrationInterface {
  name = 'AssistantActions1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const text = longTextType(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'assistant_proposals',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'sessionId', type: 'varchar', length: '64' },
          { name: 'action', type: 'varchar', length: '64' },
          { name: 'parameters', type: text },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'expiresAt', type: 'datetime', precision: 3 },
          { name: 'usedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'assistant_audit',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'userId', type: 'varchar', length: '36', isNullable: true },
          { name: 'sessionId', type: 'varchar', length: '64' },
          { name: 'action', type: 'varchar', length: '64' },
          { name: 'parameters', type: text },
          { name: 'result', type: 'varchar', length: '64' },
          { name: 'proposalId', type: 'varchar', length: '36', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await queryRunner.createIndex('assistant_audit', new TableIndex({ name: 'idx_assistant_audit_created', columnNames: ['createdAt'] }));
    await queryRunner.createIndex('assistant_audit', new TableIndex({ name: 'idx_assistant_audit_user', columnNames: ['userId', 'createdAt'] }));
    await queryRunner.createTable(
      new Table({
        name: 'assistant_sessions',
        columns: [
          { name: 'sessionId', type: 'varchar', length: '64', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36', isNullable: true },
          { name: 'state', type: text },
          { name: 'updatedAt', type: 'datetime', precision: 3 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('assistant_sessions');
    await queryRunner.dropTable('assistant_audit');
    await queryRunner.dropTable('assistant_proposals');
  }
}
