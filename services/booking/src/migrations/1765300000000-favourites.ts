import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

/** Saved services and providers of clients (issue 17, favourites). */
export class Favourites1765300000000 implements MigrationInterface {
  name = 'Favourites1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'favourites',
        columns: [
          { name: 'clientId', type: 'varchar', length: '36', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16', isPrimary: true },
          { name: 'targetId', type: 'varchar', length: '36', isPrimary: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        indices: [new TableIndex({ name: 'idx_favourites_client_saved', columnNames: ['clientId', 'createdAt'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('favourites');
  }
}
