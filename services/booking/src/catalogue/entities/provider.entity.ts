import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalToNumber } from '../../database/columns.js';

export const PROVIDER_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
/** Opening hours per day as [open, close] in HH:MM, or null when closed that day. */
export type WeeklyAvailability = Record<Weekday, [string, string] | null>;

/** A business profile; `userId` is the identity service's user (no foreign key across services). */
@Entity('providers')
export class Provider {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36, unique: true })
  userId!: string;

  @Column({ type: 'varchar', length: 150 })
  businessName!: string;

  @Column({ type: 'varchar', length: 150 })
  businessNameAr!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  avatarUrl!: string | null;

  @Column({ type: 'text' })
  bio!: string;

  @Column({ type: 'text' })
  bioAr!: string;

  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 100 })
  cityAr!: string;

  @Column({ type: 'int' })
  categoryId!: number;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  @Column({ type: 'varchar', length: 32, default: 'pending' })
  status!: ProviderStatus;

  /** Null until the first review: the catalogue then shows the spec's display default. */
  @Column({ type: 'decimal', precision: 3, scale: 2, nullable: true, transformer: decimalToNumber })
  rating!: number | null;

  @Column({ type: 'int', default: 0 })
  completedJobs!: number;

  @Column({ type: 'int', nullable: true })
  responseTimeMinutes!: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone!: string | null;

  @Column({ type: 'simple-json' })
  languages!: string[];

  @Column({ type: 'simple-json' })
  weeklyAvailability!: WeeklyAvailability;

  @Column({ type: 'date' })
  joinedAt!: string;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
