import type { CreditReason } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyString } from '../../bookings/money.js';

/** One movement of a client's credit: positive when received, negative when spent. Never changed afterwards. */
@Entity('credit_entries')
@Index('idx_credit_entries_client', ['clientId', 'createdAt'])
@Index('idx_credit_entries_booking', ['bookingId'])
export class CreditEntry {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: moneyString })
  amount!: string;

  @Column({ type: 'varchar', length: 32 })
  reason!: CreditReason;

  @Column({ type: 'varchar', length: 36, nullable: true })
  bookingId!: string | null;

  /** The admin who granted goodwill credit. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  adminId!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
