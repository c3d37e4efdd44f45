import type { Language } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The thread between a client and a provider: one per booking, or one pre-booking enquiry per client
 * and provider (`enquiryKey`), which the client's next booking with that provider takes over.
 */
@Entity('conversations')
@Index('idx_conversations_client', ['clientId', 'lastMessageAt'])
@Index('idx_conversations_provider_user', ['providerUserId', 'lastMessageAt'])
export class Conversation {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  providerId!: string;

  /** The provider's account (copied from `providers.userId`): who answers for the provider side. */
  @Column({ type: 'varchar', length: 36 })
  providerUserId!: string;

  /** The identity service's user (no foreign key across services). */
  @Column({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'varchar', length: 100 })
  clientName!: string;

  /** Where the client's digest e-mails go; null: in-app only. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  clientEmail!: string | null;

  @Column({ type: 'varchar', length: 32 })
  clientLanguage!: Language;

  @Column({ type: 'varchar', length: 36, nullable: true, unique: true })
  bookingId!: string | null;

  /** `<clientId>:<providerId>` while the thread is an enquiry (no booking), null after: at most one open enquiry per pair. */
  @Column({ type: 'varchar', length: 80, nullable: true, unique: true })
  enquiryKey!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  lastMessageAt!: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}

export const enquiryKeyOf = (clientId: string, providerId: string) => `${clientId}:${providerId}`;
