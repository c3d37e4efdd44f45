import type { DisputeOutcome, DisputeReason, DisputeStatus } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyString } from '../../bookings/money.js';

/** A client's complaint about a completed booking; one per booking (unique), decided once by an admin. */
@Entity('disputes')
@Index('idx_disputes_status_created', ['status', 'createdAt'])
@Index('idx_disputes_provider_status', ['providerId', 'status'])
export class Dispute {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36, unique: true })
  bookingId!: string;

  @Column({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'varchar', length: 36 })
  providerId!: string;

  @Column({ type: 'varchar', length: 32 })
  reason!: DisputeReason;

  @Column({ type: 'varchar', length: 32 })
  status!: DisputeStatus;

  @Column({ type: 'varchar', length: 32, nullable: true })
  outcome!: DisputeOutcome | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: moneyString })
  requestedAmount!: string;

  /** What the decision refunded ("0.00" for no refund); null while undecided. */
  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: moneyString })
  refundedAmount!: string | null;

  @Column({ type: 'text', nullable: true })
  decisionNote!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  decidedBy!: string | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  respondedAt!: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  resolvedAt!: Date | null;
}
