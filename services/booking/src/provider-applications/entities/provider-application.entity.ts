import type { ApplicationCategory, ApplicationStatus, ExperienceBand, Language } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's request to become a provider, as submitted; an admin approves or rejects it once. */
@Entity('provider_applications')
@Index('idx_provider_applications_user', ['userId', 'createdAt'])
@Index('idx_provider_applications_status', ['status', 'createdAt'])
export class ProviderApplication {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** The identity service's user (no foreign key across services). */
  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  /**
   * The user id while the application is pending, null once decided: its unique index lets the
   * database itself refuse a second pending application, even from two simultaneous requests.
   */
  @Column({ type: 'varchar', length: 36, nullable: true, unique: true })
  pendingUserId!: string | null;

  @Column({ type: 'varchar', length: 32, default: 'pending' })
  status!: ApplicationStatus;

  @Column({ type: 'varchar', length: 150 })
  businessName!: string;

  @Column({ type: 'varchar', length: 100 })
  ownerName!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 32 })
  phone!: string;

  @Column({ type: 'varchar', length: 300 })
  businessAddress!: string;

  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 32 })
  businessType!: ApplicationCategory;

  @Column({ type: 'varchar', length: 8 })
  experience!: ExperienceBand;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  licenseNumber!: string | null;

  @Column({ type: 'varchar', length: 500 })
  insuranceInfo!: string;

  @Column({ type: 'boolean', default: false })
  hasLicense!: boolean;

  @Column({ type: 'boolean', default: false })
  hasInsurance!: boolean;

  /** Language of the review's notification and e-mail. */
  @Column({ type: 'varchar', length: 32, default: 'en' })
  language!: Language;

  @Column({ type: 'text', nullable: true })
  rejectionReason!: string | null;

  /** The admin who decided. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  reviewedBy!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  reviewedAt!: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
