import type { SeriesFrequency } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A client's recurring plan. Its occurrences are ordinary bookings carrying `seriesId`; this row
 * records who owns the plan and how it repeats.
 */
@Entity('booking_series')
@Index('idx_booking_series_client', ['clientId', 'createdAt'])
export class BookingSeries {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'varchar', length: 36 })
  providerId!: string;

  @Column({ type: 'varchar', length: 36 })
  serviceId!: string;

  @Column({ type: 'varchar', length: 16 })
  frequency!: SeriesFrequency;

  /** Bookings the series was created with (dropped occurrences not counted). */
  @Column({ type: 'int' })
  size!: number;

  /** `YYYY-MM-DD` the plan ran to, when it ended on a date rather than after a count. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  untilDate!: string | null;

  /** From the service's Clock, like the bookings' schedule. */
  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
