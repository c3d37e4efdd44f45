import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { enumColumn } from '../database/columns.js';

/**
 * Promo codes and their redemptions (issue 17 §3). `redemptionCount` is the code's held redemptions,
 * raised in the payment's transaction by a conditional UPDATE (never past `maxRedemptions`) and given
 * back when the booking is refunded; `promo_redemptions.bookingId` is unique, so a booking uses at most one.
 */
export class PromoCodes1765200000000 implements MigrationInterface {
  name = 'PromoCodes1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'promo_codes',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'code', type: 'varchar', length: '32' },
          enumColumn(queryRunner, 'kind', ['percent', 'fixed']),
          { name: 'value', type: 'decimal', precision: 10, scale: 2 },
          { name: 'minOrderAmount', type: 'decimal', precision: 10, scale: 2, isNullable: true },
          { name: 'validFrom', type: 'varchar', length: '10', isNullable: true },
          { name: 'validUntil', type: 'varchar', length: '10', isNullable: true },
          { name: 'maxRedemptions', type: 'int', isNullable: true },
          { name: 'perUserLimit', type: 'int', isNullable: true },
          { name: 'firstOrderOnly', type: 'boolean', default: false },
          { name: 'categories', type: 'text' },
          { name: 'active', type: 'boolean', default: true },
          { name: 'redemptionCount', type: 'int', default: 0 },
          { name: 'createdBy', type: 'varchar', length: '36', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'deactivatedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'uq_promo_codes_code', columnNames: ['code'], isUnique: true }),
          new TableIndex({ name: 'idx_promo_codes_created', columnNames: ['createdAt', 'id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'promo_redemptions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'promoCodeId', type: 'varchar', length: '36' },
          { name: 'bookingId', type: 'varchar', length: '36' },
          { name: 'paymentId', type: 'varchar', length: '36' },
          { name: 'clientId', type: 'varchar', length: '36' },
          { name: 'discountAmount', type: 'decimal', precision: 10, scale: 2 },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'releasedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        foreignKeys: [{ columnNames: ['promoCodeId'], referencedTableName: 'promo_codes', referencedColumnNames: ['id'] }],
        indices: [
          new TableIndex({ name: 'uq_promo_redemptions_booking', columnNames: ['bookingId'], isUnique: true }),
          new TableIndex({ name: 'idx_promo_redemptions_code_client', columnNames: ['promoCodeId', 'clientId'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('promo_redemptions');
    await queryRunner.dropTable('promo_codes');
  }
}
