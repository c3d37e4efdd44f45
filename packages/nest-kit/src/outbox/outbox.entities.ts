import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A job waiting to leave the service: written in the same transaction as the change it announces. */
@Entity('outbox_messages')
@Index('idx_outbox_unpublished', ['publishedAt', 'createdAt'])
export class OutboxMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  queue!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'simple-json' })
  payload!: unknown;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  publishedAt!: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  /** W3C `traceparent` of the span that wrote the row: the job continues that trace. */
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceparent!: string | null;
}

/** Events a consumer has already handled: the guard that makes redelivery harmless. */
@Entity('processed_messages')
export class ProcessedMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  messageId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  consumer!: string;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  processedAt!: Date;
}

export const OUTBOX_ENTITIES = [OutboxMessage, ProcessedMessage];
