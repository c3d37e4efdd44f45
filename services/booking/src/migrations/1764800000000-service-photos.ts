import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Service photos as blobs beside the services, served publicly by every replica. */
export class ServicePhotos1764800000000 implements MigrationInterface {
  name = 'ServicePhotos1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'service_photos',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'serviceId', type: 'varchar', length: '36' },
          { name: 'position', type: 'int' },
          { name: 'contentType', type: 'varchar', length: '64' },
          { name: 'bytes', type: 'int' },
          // BLOB stops at 64 KiB on MySQL; a photo may be up to the upload limit.
          { name: 'data', type: mysql ? 'longblob' : 'blob' },
          { name: 'createdAt', type: 'datetime', precision: 3, default: nowDefault(queryRunner) },
        ],
        indices: [new TableIndex({ name: 'uq_service_photos_position', columnNames: ['serviceId', 'position'], isUnique: true })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_service_photos_service',
            columnNames: ['serviceId'],
            referencedTableName: 'services',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('service_photos');
  }
}
