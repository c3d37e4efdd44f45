import type { Language, ProviderStatus, RegionCode, WeeklyAvailability } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalToNumber } from '../../database/columns.js';

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

  /** Null when the business type has no catalogue category (an applicant's "beauty" or "other"). */
  @Column({ type: 'int', nullable: true })
  categoryId!: number | null;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  @Column({ type: 'varchar', length: 32, default: 'pending' })
  status!: ProviderStatus;

  /** Null until the first review: the catalogue then shows the spec's display default. */
  @Column({ type: 'decimal', precision: 3, scale: 2, nullable: true, transformer: decimalToNumber })
  rating!: number | null;

  /** Visible reviews of all its services; kept with `rating` in the transaction that writes a review. */
  @Column({ type: 'int', default: 0 })
  reviewCount!: number;

  @Column({ type: 'int', default: 0 })
  completedJobs!: number;

  @Column({ type: 'int', nullable: true })
  responseTimeMinutes!: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone!: string | null;

  @Column({ type: 'simple-json' })
  languages!: string[];

  /** Where the provider's booking e-mails go (the owner's account address); null: in-app only. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** Language of the provider's notifications and e-mails. */
  @Column({ type: 'varchar', length: 32, default: 'en' })
  language!: Language;

  /** Where the provider works: the zone and weekend of their slots; null is the marketplace's default region. */
  @Column({ type: 'varchar', length: 2, nullable: true })
  region!: RegionCode | null;

  @Column({ type: 'simple-json' })
  weeklyAvailability!: WeeklyAvailability;

  @Column({ type: 'date' })
  joinedAt!: string;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
