import type { PromoDiscountKind } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyString } from '../../bookings/money.js';

/** An admin's promo code; `code` is stored upper-case, so matching and uniqueness ignore case. */
@Entity('promo_codes')
@Index('uq_promo_codes_code', ['code'], { unique: true })
@Index('idx_promo_codes_created', ['createdAt', 'id'])
export class PromoCode {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  code!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: PromoDiscountKind;

  /** Percent or dollars, as "10.00". */
  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: moneyString })
  value!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  minOrderAmount!: string | null;

  /** YYYY-MM-DD in the marketplace's zone, included. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  validFrom!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  validUntil!: string | null;

  @Column({ type: 'int', nullable: true })
  maxRedemptions!: number | null;

  @Column({ type: 'int', nullable: true })
  perUserLimit!: number | null;

  @Column({ type: 'boolean', default: false })
  firstOrderOnly!: boolean;

  /** Category slugs; empty: every category. */
  @Column({ type: 'simple-json' })
  categories!: string[];

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** Redemptions held now; only ever changed by conditional UPDATEs in the payment/refund transaction. */
  @Column({ type: 'int', default: 0 })
  redemptionCount!: number;

  @Column({ type: 'varchar', length: 36, nullable: true })
  createdBy!: string | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  deactivatedAt!: Date | null;
}
