import { longTextType, nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { enumColumn, literal } from '../database/columns.js';

/*
 * Frozen copies of the enum values (not imports): a migration must create the same schema forever,
 * so a later change to a value list is a new migration, not a silent edit of this one.
 */
const PROVIDER_STATUSES = ['approved', 'pending', 'rejected'];
const SERVICE_STATUSES = ['active', 'pending', 'inactive', 'rejected'];
const PRICE_TYPES = ['hourly', 'per_job'];
const CONTACT_TYPES = ['general', 'support', 'provider', 'business', 'technical', 'feedback'];
const LANGUAGES = ['en', 'ar'];
const NOTIFICATION_TYPES = ['booking', 'chat', 'provider_application', 'other'];

/** Catalogue (categories, providers, services), contact messages and notifications. */
export class BookingInitialSchema1763800000000 implements MigrationInterface {
  name = 'BookingInitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = nowDefault(queryRunner);
    const timestamps = [
      { name: 'createdAt', type: 'datetime', precision: 3, default: now },
      { name: 'updatedAt', type: 'datetime', precision: 3, default: now },
    ];

    await queryRunner.createTable(
      new Table({
        name: 'service_categories',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'slug', type: 'varchar', length: '50' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'nameAr', type: 'varchar', length: '100' },
          { name: 'description', type: 'varchar', length: '500' },
          { name: 'descriptionAr', type: 'varchar', length: '500' },
          { name: 'icon', type: 'varchar', length: '50' },
          { name: 'color', type: 'varchar', length: '7' },
          { name: 'startingPrice', type: 'decimal', precision: 10, scale: 2 },
          { name: 'sortOrder', type: 'int' },
        ],
        indices: [new TableIndex({ name: 'uq_service_categories_slug', columnNames: ['slug'], isUnique: true })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'providers',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'businessName', type: 'varchar', length: '150' },
          { name: 'businessNameAr', type: 'varchar', length: '150' },
          { name: 'avatarUrl', type: 'varchar', length: '500', isNullable: true },
          { name: 'bio', type: 'text' },
          { name: 'bioAr', type: 'text' },
          { name: 'city', type: 'varchar', length: '100' },
          { name: 'cityAr', type: 'varchar', length: '100' },
          { name: 'categoryId', type: 'int' },
          { name: 'verified', type: 'boolean', default: false },
          enumColumn(queryRunner, 'status', PROVIDER_STATUSES, { default: literal('pending') }),
          { name: 'rating', type: 'decimal', precision: 3, scale: 2, isNullable: true },
          { name: 'completedJobs', type: 'int', default: 0 },
          { name: 'responseTimeMinutes', type: 'int', isNullable: true },
          { name: 'phone', type: 'varchar', length: '32', isNullable: true },
          { name: 'languages', type: 'text' },
          { name: 'weeklyAvailability', type: 'text' },
          { name: 'joinedAt', type: 'date' },
          ...timestamps,
        ],
        indices: [
          new TableIndex({ name: 'uq_providers_user', columnNames: ['userId'], isUnique: true }),
          new TableIndex({ name: 'idx_providers_status', columnNames: ['status'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_providers_category',
            columnNames: ['categoryId'],
            referencedTableName: 'service_categories',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'services',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'slug', type: 'varchar', length: '120' },
          { name: 'providerId', type: 'varchar', length: '36' },
          { name: 'categoryId', type: 'int' },
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'titleAr', type: 'varchar', length: '200' },
          { name: 'description', type: 'text' },
          { name: 'descriptionAr', type: 'text' },
          { name: 'features', type: 'text' },
          { name: 'featuresAr', type: 'text' },
          { name: 'price', type: 'decimal', precision: 10, scale: 2 },
          enumColumn(queryRunner, 'priceType', PRICE_TYPES),
          { name: 'durationMinutes', type: 'int', isNullable: true },
          { name: 'location', type: 'varchar', length: '150', isNullable: true },
          { name: 'locationAr', type: 'varchar', length: '150', isNullable: true },
          { name: 'rating', type: 'decimal', precision: 3, scale: 2, isNullable: true },
          { name: 'reviewCount', type: 'int', default: 0 },
          { name: 'imageUrl', type: 'varchar', length: '500', isNullable: true },
          enumColumn(queryRunner, 'status', SERVICE_STATUSES, { default: literal('pending') }),
          ...timestamps,
        ],
        indices: [
          new TableIndex({ name: 'uq_services_slug', columnNames: ['slug'], isUnique: true }),
          new TableIndex({ name: 'idx_services_status_category', columnNames: ['status', 'categoryId'] }),
          new TableIndex({ name: 'idx_services_price', columnNames: ['price'] }),
          new TableIndex({ name: 'idx_services_rating', columnNames: ['rating'] }),
          new TableIndex({ name: 'idx_services_created', columnNames: ['createdAt'] }),
          new TableIndex({ name: 'idx_services_provider', columnNames: ['providerId'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_services_provider',
            columnNames: ['providerId'],
            referencedTableName: 'providers',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          }),
          new TableForeignKey({
            name: 'fk_services_category',
            columnNames: ['categoryId'],
            referencedTableName: 'service_categories',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'contact_messages',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'phone', type: 'varchar', length: '30', isNullable: true },
          { name: 'subject', type: 'varchar', length: '200' },
          { name: 'message', type: longTextType(queryRunner) },
          enumColumn(queryRunner, 'type', CONTACT_TYPES),
          enumColumn(queryRunner, 'language', LANGUAGES),
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'notifications',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36' },
          enumColumn(queryRunner, 'type', NOTIFICATION_TYPES),
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'message', type: 'text' },
          { name: 'metadata', type: 'text' },
          { name: 'isRead', type: 'boolean', default: false },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [
          new TableIndex({ name: 'idx_notifications_user_unread', columnNames: ['userId', 'isRead', 'createdAt'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('notifications');
    await queryRunner.dropTable('contact_messages');
    await queryRunner.dropTable('services');
    await queryRunner.dropTable('providers');
    await queryRunner.dropTable('service_categories');
  }
}
