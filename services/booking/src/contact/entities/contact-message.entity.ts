import type { ContactType, Language } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A message sent through the public contact form. */
@Entity('contact_messages')
export class ContactMessage {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'varchar', length: 32 })
  type!: ContactType;

  @Column({ type: 'varchar', length: 32 })
  language!: Language;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
