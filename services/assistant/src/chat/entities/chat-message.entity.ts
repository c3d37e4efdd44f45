import type { Language } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('chat_messages')
@Index('idx_chat_messages_session', ['sessionId', 'createdAt'])
export class ChatMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** Made up by the client at page load (spec §3); not tied to an account. */
  @Column({ type: 'varchar', length: 64 })
  sessionId!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: 'user' | 'assistant';

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 2 })
  language!: Language;

  // Set by the service, not by a create-date column: a question and its answer must never share a
  // timestamp, or the order of the history would depend on the database.
  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
