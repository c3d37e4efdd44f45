import type { ConversationSide } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One message; an image is kept in the row (as provider documents are) so every replica can serve it. */
@Entity('conversation_messages')
// A page of a thread reads the first; unread counts (per conversation and in total) the second.
@Index('idx_conversation_messages_thread', ['conversationId', 'createdAt', 'id'])
@Index('idx_conversation_messages_unread', ['recipientId', 'readAt', 'conversationId'])
export class ConversationMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  conversationId!: string;

  @Column({ type: 'varchar', length: 36 })
  senderId!: string;

  @Column({ type: 'varchar', length: 16 })
  senderSide!: ConversationSide;

  @Column({ type: 'varchar', length: 36 })
  recipientId!: string;

  /** As written: nothing in it is rewritten (a party may report it instead). */
  @Column({ type: 'text', nullable: true })
  text!: string | null;

  /** Sniffed from the bytes: image/jpeg, image/png or image/webp. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  imageContentType!: string | null;

  @Column({ type: 'int', nullable: true })
  imageBytes!: number | null;

  /** LONGBLOB on MySQL, BLOB on SQLite (see the migration); read only when the image is served. */
  @Column({ type: 'blob', nullable: true, select: false })
  imageData!: Buffer | null;

  /** The recipient's app fetched it. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  deliveredAt!: Date | null;

  /** The recipient opened the conversation after it arrived. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  readAt!: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  hiddenAt!: Date | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  hiddenBy!: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
