import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

/** The admin action audit log (issue 16 §5): who approved, rejected or hid what, when and why. */
export class AdminAuditLog1765100000000 implements MigrationInterface {
  name = 'AdminAuditLog1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'admin_audit_log',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'action', type: 'varchar', length: '40' },
          { name: 'actorId', type: 'varchar', length: '36' },
          { name: 'actorEmail', type: 'varchar', length: '254' },
          { name: 'targetType', type: 'varchar', length: '32' },
          { name: 'targetId', type: 'varchar', length: '36' },
          { name: 'summary', type: 'varchar', length: '200' },
          { name: 'summaryAr', type: 'varchar', length: '200', isNullable: true },
          { name: 'reason', type: 'varchar', length: '1000', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        indices: [
          new TableIndex({ name: 'idx_admin_audit_log_created', columnNames: ['createdAt', 'id'] }),
          new TableIndex({ name: 'idx_admin_audit_log_action', columnNames: ['action', 'createdAt'] }),
          new TableIndex({ name: 'idx_admin_audit_log_actor', columnNames: ['actorId', 'createdAt'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('admin_audit_log');
  }
}
