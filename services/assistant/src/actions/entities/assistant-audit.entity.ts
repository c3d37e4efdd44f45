import type { AssistantAuditKind } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One line of the assistant's audit log: who, what, with which parameters, and how it ended. */
@Entity('assistant_audit')
@Index('idx_assistant_audit_created', ['createdAt'])
@Index('idx_assistant_audit_user', ['userId', 'createdAt'])
export class AssistantAudit {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: AssistantAuditKind;

  /** Null for an anonymous caller (a refusal to act before sign-in). */
  @Column({ type: 'varchar', length: 36, nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  sessionId!: string;

  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ type: 'text' })
  parameters!: string;

  /** `ok`, or the reason of a refusal or failure (`expired`, `replayed`, `slot_taken`, ...). */
  @Column({ type: 'varchar', length: 64 })
  result!: string;

  @Column({ type: 'varchar', length: 36, nullable: true })
  proposalId!: string | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
