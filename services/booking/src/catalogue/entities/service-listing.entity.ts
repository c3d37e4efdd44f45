import type { PriceType } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { decimalToNumber } from '../../database/columns.js';
import { Provider } from './provider.entity.js';
import { ServiceCategory } from './service-category.entity.js';

export const SERVICE_STATUSES = ['active', 'pending', 'inactive', 'rejected'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** A service a provider offers (table `services`; the class name avoids clashing with Nest's "service"). */
@Entity('services')
@Index('idx_services_list_rating', ['status', 'rating', 'createdAt', 'id'])
@Index('idx_services_list_price', ['status', 'price', 'id'])
@Index('idx_services_list_newest', ['status', 'createdAt', 'id'])
@Index('idx_services_category_rating', ['status', 'categoryId', 'rating', 'createdAt', 'id'])
@Index('idx_services_category_price', ['status', 'categoryId', 'price', 'id'])
@Index('idx_services_category_newest', ['status', 'categoryId', 'createdAt', 'id'])
export class ServiceListing {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 120, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 36 })
  providerId!: string;

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

  @Column({ type: 'varchar', length: 32, default: 'pending' })
  status!: ServiceStatus;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
