import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { enumColumn } from '../database/columns.js';

const PAID_COLUMNS = ['paidAmount', 'paidDiscount', 'paidPromoCode', 'paidCredit', 'refundedAmount', 'refundedToCredit'];

/**
 * Account credit (issue 17 §3): a per-client balance row (locked by every change of it and by every
 * payment with a code or credit) and the ledger of entries it sums. Bookings get what was actually
 * paid and refunded; paid bookings of before are filled in from their payment and promo redemption.
 */
export class AccountCredit1765700000000 implements MigrationInterface {
  name = 'AccountCredit1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'credit_accounts',
        columns: [
          { name: 'clientId', type: 'varchar', length: '36', isPrimary: true },
          { name: 'balance', type: 'decimal', precision: 10, scale: 2, default: 0 },
          { name: 'updatedAt', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'credit_entries',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'clientId', type: 'varchar', length: '36' },
          { name: 'amount', type: 'decimal', precision: 10, scale: 2 },
          enumColumn(queryRunner, 'reason', ['goodwill', 'refund', 'spent', 'spend_reversed']),
          { name: 'bookingId', type: 'varchar', length: '36', isNullable: true },
          { name: 'adminId', type: 'varchar', length: '36', isNullable: true },
          { name: 'note', type: 'varchar', length: '500', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        indices: [
          new TableIndex({ name: 'idx_credit_entries_client', columnNames: ['clientId', 'createdAt'] }),
          new TableIndex({ name: 'idx_credit_entries_booking', columnNames: ['bookingId'] }),
        ],
      }),
    );
    await queryRunner.addColumns('bookings', [
      ...['paidAmount', 'paidDiscount', 'paidCredit', 'refundedAmount', 'refundedToCredit'].map(
        (name) => new TableColumn({ name, type: 'decimal', precision: 10, scale: 2, isNullable: true }),
      ),
      new TableColumn({ name: 'paidPromoCode', type: 'varchar', length: '32', isNullable: true }),
    ]);
    // Bookings paid before credit existed: the payment's amount (after any discount), all by card.
    await queryRunner.query(
      `UPDATE bookings SET
         paidAmount = (SELECT MAX(p.amount) FROM payments p WHERE p.bookingId = bookings.id AND p.status IN ('succeeded', 'refunded')),
         paidDiscount = COALESCE((SELECT MAX(r.discountAmount) FROM promo_redemptions r WHERE r.bookingId = bookings.id), 0),
         paidPromoCode = (SELECT MAX(c.code) FROM promo_redemptions r JOIN promo_codes c ON c.id = r.promoCodeId WHERE r.bookingId = bookings.id),
         paidCredit = 0,
         refundedToCredit = 0
       WHERE paymentStatus IN ('paid', 'refunded')`,
    );
    await queryRunner.query(`UPDATE bookings SET refundedAmount = paidAmount WHERE paymentStatus = 'refunded'`);
    await queryRunner.query(`UPDATE bookings SET refundedAmount = 0 WHERE paymentStatus = 'paid'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of PAID_COLUMNS) await queryRunner.dropColumn('bookings', name);
    await queryRunner.dropTable('credit_entries');
    await queryRunner.dropTable('credit_accounts');
  }
}
