import type { PaymentDeclineCode, PaymentDto, PaymentMethod } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyString } from '../../bookings/money.js';

/**
 * One charge attempt on a booking, and the answer it got. With an Idempotency-Key, (client, key) is
 * unique and the stored answer is replayed to retries. The card number and CVV are never stored.
 */
@Entity('payments')
@Index('uq_payments_client_key', ['clientId', 'idempotencyKey'], { unique: true })
@Index('idx_payments_booking', ['bookingId'])
export class Payment {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId!: string;

  @Column({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: moneyString })
  amount!: string;

  @Column({ type: 'varchar', length: 32 })
  method!: PaymentMethod;

  @Column({ type: 'varchar', length: 32 })
  status!: PaymentDto['status'];

  @Column({ type: 'varchar', length: 32, nullable: true })
  declineCode!: PaymentDeclineCode | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  last4!: string | null;

  /** MM/YY */
  @Column({ type: 'varchar', length: 5, nullable: true })
  expiry!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  idempotencyKey!: string | null;

  /** Hash of the request's fields (no card number or CVV): a reused key with another body is refused. */
  @Column({ type: 'varchar', length: 64 })
  requestFingerprint!: string;

  /** The answer given, replayed to a retry with the same key. */
  @Column({ type: 'int' })
  responseStatus!: number;

  @Column({ type: 'simple-json' })
  responseBody!: object;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  refundedAt!: Date | null;

  /** Given back so far (payments/refunds.ts); equals `amount` once `refunded`, less after a partial refund. */
  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  refundedAmount!: string | null;
}
