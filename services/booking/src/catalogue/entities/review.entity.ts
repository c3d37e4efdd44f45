import type { Language } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A client's review of a service. The reviews are the source of truth for a service's rating and
 * reviewCount, which are stored on the service as their aggregate so lists can sort by an index.
 */
@Entity('reviews')
@Index('idx_reviews_service_created', ['serviceId', 'createdAt'])
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

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
