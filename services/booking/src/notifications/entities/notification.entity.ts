import type { Language, NotificationMetadata, NotificationText, NotificationType } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An in-app notification, written in the recipient's language when the event is handled, and kept in every language. */
@Entity('notifications')
// Unread count and mark-all-read read the first; the newest-first list (read or not) the second.
@Index('idx_notifications_user_unread', ['userId', 'isRead', 'createdAt'])
@Index('idx_notifications_user_created', ['userId', 'createdAt', 'id'])
export class Notification {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: NotificationType;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  message!: string;

  /** The same notice in every language (null on notices written before they were kept). */
  @Column({ type: 'simple-json', nullable: true })
  translations!: Record<Language, NotificationText> | null;

  @Column({ type: 'simple-json' })
  metadata!: NotificationMetadata;

  @Column({ type: 'boolean', default: false })
  isRead!: boolean;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
