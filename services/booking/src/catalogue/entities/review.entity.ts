import type { Language } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A client's review of a service. The reviews are the source of truth for a service's rating and
 * reviewCount, which are stored on the service (and on its provider) as their aggregate so lists can
 * sort by an index; hidden reviews count for neither. Written by reviews/reviews.service.ts.
 */
@Entity('reviews')
@Index('idx_reviews_service_created', ['serviceId', 'createdAt'])
@Index('uq_reviews_booking', ['bookingId'], { unique: true })
@Index('idx_reviews_created', ['createdAt'])
export class Review {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  serviceId!: string;

  @Column({ type: 'varchar', length: 100 })
  authorName!: string;

  /** Whole stars, 1-5. */
  @Column({ type: 'int' })
  rating!: number;

  @Column({ type: 'text' })
  comment!: string;

  /** The language it was written in: reviews are shown as written. */
  @Column({ type: 'varchar', length: 32 })
  language!: Language;

  /** The completed booking it reviews (one review per booking); null for reviews from before bookings. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  bookingId!: string | null;

  /** The identity user who wrote it (the booking's client); null like bookingId. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  clientId!: string | null;

  /** The provider's one public answer. */
  @Column({ type: 'text', nullable: true })
  replyComment!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  repliedAt!: Date | null;

  /** Set when an admin hid it: hidden reviews are not listed publicly and count for no aggregate. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  hiddenAt!: Date | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  hiddenBy!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  hiddenReason!: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
