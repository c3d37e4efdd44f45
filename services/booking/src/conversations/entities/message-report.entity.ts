import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A party's report of a message: it lets admins read the conversation and hide the message. */
@Entity('conversation_message_reports')
@Index('uq_message_reports_reporter', ['messageId', 'reporterId'], { unique: true })
@Index('idx_message_reports_conversation', ['conversationId', 'createdAt'])
export class MessageReport {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  messageId!: string;

  @Column({ type: 'varchar', length: 36 })
  conversationId!: string;

  @Column({ type: 'varchar', length: 36 })
  reporterId!: string;

  @Column({ type: 'varchar', length: 500 })
  reason!: string;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
