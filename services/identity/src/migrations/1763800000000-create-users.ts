import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

export class CreateUsers1763800000000 implements MigrationInterface {
  name = 'CreateUsers1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = nowDefault(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          // 254 characters: the longest deliverable address (RFC 5321 path limit).
          { name: 'email', type: 'varchar', length: '254', isUnique: true },
          { name: 'emailVerifiedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'passwordHash', type: 'varchar', length: '255', isNullable: true },
          { name: 'firstName', type: 'varchar', length: '100' },
          { name: 'lastName', type: 'varchar', length: '100' },
          { name: 'profileImageUrl', type: 'varchar', length: '2048', isNullable: true },
          { name: 'role', type: 'varchar', length: '16', default: "'client'" },
          { name: 'isActive', type: 'boolean', default: 1 },
          { name: 'language', type: 'varchar', length: '2', default: "'en'" },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
          { name: 'updatedAt', type: 'datetime', precision: 3, default: now },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('users');
  }
}
