import type { DisputeSide } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One message of a dispute's conversation; never edited or deleted (the record of the case). */
@Entity('dispute_messages')
@Index('idx_dispute_messages_thread', ['disputeId', 'createdAt', 'id'])
export class DisputeMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  disputeId!: string;

  @Column({ type: 'varchar', length: 36 })
  authorId!: string;

  @Column({ type: 'varchar', length: 16 })
  side!: DisputeSide;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
