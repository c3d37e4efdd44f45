import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Hours a provider declared for a date range (Ramadan, a holiday), replacing their weekly hours on
 * those days. Null hours: closed all day. `closesAt` ≤ `opensAt`: the hours run past midnight.
 */
@Entity('provider_special_hours')
@Index('idx_provider_special_hours_range', ['providerId', 'startDate'])
export class ProviderSpecialHours {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  providerId!: string;

  /** YYYY-MM-DD in the provider's region, first working day of the range. */
  @Column({ type: 'varchar', length: 10 })
  startDate!: string;

  /** YYYY-MM-DD, last working day (its evening may run into the next date). */
  @Column({ type: 'varchar', length: 10 })
  endDate!: string;

  @Column({ type: 'varchar', length: 5, nullable: true })
  opensAt!: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true })
  closesAt!: string | null;

  /** The provider's own name for it ("Ramadan", "رمضان"), shown back to them. */
  @Column({ type: 'varchar', length: 100 })
  label!: string;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
