import { isSqlite, longTextType, nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { enumColumn, literal } from '../database/columns.js';


/** Frozen copies (see the initial schema): a later change to a list is a new migration. */
const LANGUAGES = ['en', 'ar'];
const PRICE_TYPES = ['hourly', 'per_job'];
const BOOKING_STATUSES = ['pending', 'accepted', 'in_progress', 'completed', 'cancelled'];
const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'];
const ACTORS = ['client', 'provider', 'admin'];
const PAYMENT_METHODS = ['card', 'apple_pay'];
const PAYMENT_RESULTS = ['succeeded', 'declined', 'refunded'];
const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'expired_card'];

/** Providers' notification address and language; bookings, their hourly slot claims, and payments. */
export class BookingsAndPayments1764100000000 implements MigrationInterface {
  name = 'BookingsAndPayments1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const now = nowDefault(queryRunner);
    await this.addProviderContact(queryRunner);

    await queryRunner.createTable(
      new Table({
        name: 'bookings',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'bookingNumber', type: 'varchar', length: '16' },
          { name: 'serviceId', type: 'varchar', length: '36' },
          { name: 'providerId', type: 'varchar', length: '36' },
          { name: 'clientId', type: 'varchar', length: '36' },
          { name: 'clientName', type: 'varchar', length: '100' },
          { name: 'clientEmail', type: 'varchar', length: '254', isNullable: true },
          enumColumn(queryRunner, 'clientLanguage', LANGUAGES),
          { name: 'serviceTitle', type: 'varchar', length: '200' },
          { name: 'serviceTitleAr', type: 'varchar', length: '200' },
          { name: 'servicePrice', type: 'decimal', precision: 10, scale: 2 },
          enumColumn(queryRunner, 'servicePriceType', PRICE_TYPES),
          { name: 'serviceCategorySlug', type: 'varchar', length: '50' },
          { name: 'serviceImageUrl', type: 'varchar', length: '500', isNullable: true },
          { name: 'scheduledDate', type: 'varchar', length: '10' },
          { name: 'scheduledTime', type: 'varchar', length: '5' },
          { name: 'startsAt', type: 'datetime', precision: 3 },
          { name: 'duration', type: 'int' },
          { name: 'clientAddress', type: 'varchar', length: '500' },
          { name: 'clientPhone', type: 'varchar', length: '32' },
          { name: 'totalAmount', type: 'decimal', precision: 10, scale: 2 },
          enumColumn(queryRunner, 'status', BOOKING_STATUSES, { default: literal('pending') }),
          enumColumn(queryRunner, 'paymentStatus', PAYMENT_STATUSES, { default: literal('pending') }),
          { name: 'specialInstructions', type: 'text', isNullable: true },
          { name: 'cancellationReason', type: 'text', isNullable: true },
          enumColumn(queryRunner, 'cancelledBy', ACTORS, { isNullable: true }),
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
          { name: 'updatedAt', type: 'datetime', precision: 3, default: now },
          { name: 'version', type: 'int', default: 1 },
        ],
        indices: [
          new TableIndex({ name: 'uq_bookings_number', columnNames: ['bookingNumber'], isUnique: true }),
          new TableIndex({ name: 'idx_bookings_client_schedule', columnNames: ['clientId', 'scheduledDate', 'scheduledTime'] }),
          new TableIndex({ name: 'idx_bookings_provider_schedule', columnNames: ['providerId', 'scheduledDate', 'scheduledTime'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_bookings_service',
            columnNames: ['serviceId'],
            referencedTableName: 'services',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          }),
          new TableForeignKey({
            name: 'fk_bookings_provider',
            columnNames: ['providerId'],
            referencedTableName: 'providers',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          }),
        ],
      }),
    );

    // The primary key is the double-booking guarantee: one row per provider and hour.
    await queryRunner.createTable(
      new Table({
        name: 'booking_slots',
        columns: [
          { name: 'providerId', type: 'varchar', length: '36', isPrimary: true },
          { name: 'slotDate', type: 'varchar', length: '10', isPrimary: true },
          { name: 'slotTime', type: 'varchar', length: '5', isPrimary: true },
          { name: 'bookingId', type: 'varchar', length: '36' },
        ],
        indices: [new TableIndex({ name: 'idx_booking_slots_booking', columnNames: ['bookingId'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_booking_slots_booking',
            columnNames: ['bookingId'],
            referencedTableName: 'bookings',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'payments',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'bookingId', type: 'varchar', length: '36' },
          { name: 'clientId', type: 'varchar', length: '36' },
          { name: 'amount', type: 'decimal', precision: 10, scale: 2 },
          enumColumn(queryRunner, 'method', PAYMENT_METHODS),
          enumColumn(queryRunner, 'status', PAYMENT_RESULTS),
          enumColumn(queryRunner, 'declineCode', DECLINE_CODES, { isNullable: true }),
          { name: 'last4', type: 'varchar', length: '4', isNullable: true },
          { name: 'expiry', type: 'varchar', length: '5', isNullable: true },
          { name: 'idempotencyKey', type: 'varchar', length: '255', isNullable: true },
          { name: 'requestFingerprint', type: 'varchar', length: '64' },
          { name: 'responseStatus', type: 'int' },
          { name: 'responseBody', type: longTextType(queryRunner) },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
          { name: 'refundedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          // NULL keys (requests without the header) never collide, on every supported engine.
          new TableIndex({ name: 'uq_payments_client_key', columnNames: ['clientId', 'idempotencyKey'], isUnique: true }),
          new TableIndex({ name: 'idx_payments_booking', columnNames: ['bookingId'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_payments_booking',
            columnNames: ['bookingId'],
            referencedTableName: 'bookings',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('payments');
    await queryRunner.dropTable('booking_slots');
    await queryRunner.dropTable('bookings');
    if (isSqlite(queryRunner)) {
      for (const column of ['language', 'email']) await queryRunner.query(`ALTER TABLE "providers" DROP COLUMN "${column}"`);
    } else {
      await queryRunner.dropColumns('providers', ['language', 'email']);
    }
  }

  /** SQLite: native ADD/DROP COLUMN (see isSqlite); the CHECK is the column's own, so DROP COLUMN accepts it. */
  private async addProviderContact(queryRunner: QueryRunner) {
    if (isSqlite(queryRunner)) {
      await queryRunner.query(`ALTER TABLE "providers" ADD COLUMN "email" varchar(254)`);
      const values = LANGUAGES.map(literal).join(', ');
      await queryRunner.query(`ALTER TABLE "providers" ADD COLUMN "language" varchar(32) NOT NULL DEFAULT 'en' CHECK ("language" IN (${values}))`);
      return;
    }
    await queryRunner.addColumns('providers', [
      new TableColumn({ name: 'email', type: 'varchar', length: '254', isNullable: true }),
      new TableColumn(enumColumn(queryRunner, 'language', LANGUAGES, { default: literal('en') })),
    ]);
  }
}
