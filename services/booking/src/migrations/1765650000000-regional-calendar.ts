import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Regional calendar (issue 17 §5): a provider's region (null: the marketplace's default, from
 * MARKETPLACE_TIMEZONE) and the special hours they declare for date ranges.
 */
export class RegionalCalendar1765650000000 implements MigrationInterface {
  name = 'RegionalCalendar1765650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('providers', new TableColumn({ name: 'region', type: 'varchar', length: '2', isNullable: true }));
    await queryRunner.createTable(
      new Table({
        name: 'provider_special_hours',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'providerId', type: 'varchar', length: '36' },
          { name: 'startDate', type: 'varchar', length: '10' },
          { name: 'endDate', type: 'varchar', length: '10' },
          { name: 'opensAt', type: 'varchar', length: '5', isNullable: true },
          { name: 'closesAt', type: 'varchar', length: '5', isNullable: true },
          { name: 'label', type: 'varchar', length: '100' },
          { name: 'createdAt', type: 'datetime', precision: 3, default: nowDefault(queryRunner) },
        ],
        indices: [new TableIndex({ name: 'idx_provider_special_hours_range', columnNames: ['providerId', 'startDate'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('provider_special_hours');
    if (queryRunner.connection.options.type === 'mysql') await queryRunner.dropColumn('providers', 'region');
    // TypeORM drops a SQLite column by recreating the table, which services' RESTRICT key to providers
    // refuses inside the transaction; SQLite's own DROP COLUMN leaves the table in place.
    else await queryRunner.query('ALTER TABLE "providers" DROP COLUMN "region"');
  }
}
