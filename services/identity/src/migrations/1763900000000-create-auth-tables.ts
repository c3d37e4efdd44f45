import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

export class CreateAuthTables1763900000000 implements MigrationInterface {
  name = 'CreateAuthTables1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = nowDefault(queryRunner);
    // Google's `sub`: the stable link to a Google account (its e-mail may change).
    await queryRunner.addColumn(
      'users',
      new TableColumn({ name: 'googleSubject', type: 'varchar', length: '255', isNullable: true, isUnique: true }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'familyId', type: 'varchar', length: '36' },
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'tokenHash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expiresAt', type: 'datetime', precision: 3 },
          { name: 'rotatedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'revokedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'userAgent', type: 'varchar', length: '512', isNullable: true },
          { name: 'ip', type: 'varchar', length: '64', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [
          new TableIndex({ columnNames: ['familyId'] }),
          new TableIndex({ columnNames: ['userId'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'one_time_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'purpose', type: 'varchar', length: '16' },
          { name: 'tokenHash', type: 'varchar', length: '64', isUnique: true },
          { name: 'expiresAt', type: 'datetime', precision: 3 },
          { name: 'usedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [new TableIndex({ columnNames: ['userId'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('one_time_tokens');
    await queryRunner.dropTable('sessions');
    await queryRunner.dropColumn('users', 'googleSubject');
  }
}
