import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** Which token replaced a rotated one: a client whose refresh answer was lost may retry (SessionsService). */
export class SessionSuccessor1767000000000 implements MigrationInterface {
  name = 'SessionSuccessor1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('sessions', new TableColumn({ name: 'replacedById', type: 'varchar', length: '36', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('sessions', 'replacedById');
  }
}
