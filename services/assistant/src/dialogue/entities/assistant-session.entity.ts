import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What the assistant remembers of a conversation between messages: the task under way and its slots. */
@Entity('assistant_sessions')
export class AssistantSession {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sessionId!: string;

  /** Who the memory belongs to; another caller on the same session id starts afresh. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  userId!: string | null;

  @Column({ type: 'text' })
  state!: string;

  @Column({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
