import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyString } from '../../bookings/money.js';

/** A code used on a paid booking; written in the payment's transaction, released by its refund. */
@Entity('promo_redemptions')
@Index('uq_promo_redemptions_booking', ['bookingId'], { unique: true })
@Index('idx_promo_redemptions_code_client', ['promoCodeId', 'clientId'])
export class PromoRedemption {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  promoCodeId!: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId!: string;

  @Column({ type: 'varchar', length: 36 })
  paymentId!: string;

  @Column({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: moneyString })
  discountAmount!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  releasedAt!: Date | null;
}
