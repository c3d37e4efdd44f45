import type { PriceType, ProviderServiceRequest, ServiceStatus } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalToNumber } from '../../database/columns.js';
import { Provider } from './provider.entity.js';
import { ServiceCategory } from './service-category.entity.js';

/**
 * What a provider proposes for an approved service: exactly the request it sent. Stored on the
 * service until an admin approves it (copied onto the live fields) or rejects it (dropped, with
 * `rejectionReason` set).
 */
export type ServiceRevision = ProviderServiceRequest;

/** A service a provider offers (table `services`; the class name avoids clashing with Nest's "service"). */
@Entity('services')
@Index('idx_services_listed_rating', ['status', 'providerApproved', 'rating', 'createdAt', 'id', 'price'])
@Index('idx_services_listed_price', ['status', 'providerApproved', 'price', 'id'])
@Index('idx_services_listed_newest', ['status', 'providerApproved', 'createdAt', 'id', 'price'])
@Index('idx_services_listed_category_rating', ['status', 'providerApproved', 'categoryId', 'rating', 'createdAt', 'id', 'price'])
@Index('idx_services_listed_category_price', ['status', 'providerApproved', 'categoryId', 'price', 'id'])
@Index('idx_services_listed_category_newest', ['status', 'providerApproved', 'categoryId', 'createdAt', 'id', 'price'])
@Index('idx_services_listed_category_provider', ['status', 'providerApproved', 'categoryId', 'providerId'])
@Index('idx_services_revision', ['revisionSubmittedAt'])
export class ServiceListing {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 120, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 36 })
  providerId!: string;

  /**
   * Its provider's status is `approved`: a copy on the listing row so the public list filters and
   * orders by one index (see syncProviderApproval, called wherever a provider's status changes).
   */
  @Column({ type: 'boolean', default: false })
  providerApproved!: boolean;

  @ManyToOne(() => Provider, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'providerId' })
  provider?: Provider;

  @Column({ type: 'int' })
  categoryId!: number;

  @ManyToOne(() => ServiceCategory, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'categoryId' })
  category?: ServiceCategory;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 200 })
  titleAr!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text' })
  descriptionAr!: string;

  @Column({ type: 'simple-json' })
  features!: string[];

  @Column({ type: 'simple-json' })
  featuresAr!: string[];

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: decimalToNumber })
  price!: number;

  @Column({ type: 'varchar', length: 32 })
  priceType!: PriceType;

  /** Null when the provider left it open: shown as the spec's 60-minute default. */
  @Column({ type: 'int', nullable: true })
  durationMinutes!: number | null;

  /** Null means "at the client's address": shown as 'Your area'. */
  @Column({ type: 'varchar', length: 150, nullable: true })
  location!: string | null;

  @Column({ type: 'varchar', length: 150, nullable: true })
  locationAr!: string | null;

  /** The mean of its reviews' stars; null until the first review (shown as the display default). */
  @Column({ type: 'decimal', precision: 3, scale: 2, nullable: true, transformer: decimalToNumber })
  rating!: number | null;

  /** How many reviews it has; kept with `rating` in the transaction that writes a review. */
  @Column({ type: 'int', default: 0 })
  reviewCount!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  imageUrl!: string | null;

  /**
   * Review states (see provider-portal/service-review.ts, the one place that applies a decision):
   * - `pending`: never approved yet; the row itself is what awaits review (new, edited or resubmitted).
   * - `active`: approved and public (if its provider is approved); `inactive`: hidden by its provider.
   * - `rejected`: an admin refused the never-approved row; `rejectionReason` says why.
   * An admin's queue is `status = 'pending' OR revisionSubmittedAt IS NOT NULL`.
   */
  @Column({ type: 'varchar', length: 32, default: 'pending' })
  status!: ServiceStatus;

  /**
   * A change of an approved (active or inactive) service awaiting review; the live fields above stay
   * what the catalogue shows until an admin approves it. Null when no change is waiting.
   */
  @Column({ type: 'simple-json', nullable: true })
  pendingRevision!: ServiceRevision | null;

  /** When `pendingRevision` was (last) submitted; null exactly when there is none. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  revisionSubmittedAt!: Date | null;

  /** First approval; a service that has one may be switched back on by its provider without review. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  approvedAt!: Date | null;

  /** Why an admin refused the row (status `rejected`) or its latest revision (status unchanged). */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  rejectionReason!: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
