import type { AdminAuditAction, AdminAuditTargetType } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One admin decision (who, what, on which object, why, when); rows are only ever inserted. */
@Entity('admin_audit_log')
@Index('idx_admin_audit_log_created', ['createdAt', 'id'])
@Index('idx_admin_audit_log_action', ['action', 'createdAt'])
@Index('idx_admin_audit_log_actor', ['actorId', 'createdAt'])
export class AdminAuditEntry {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  action!: AdminAuditAction;

  @Column({ type: 'varchar', length: 36 })
  actorId!: string;

  @Column({ type: 'varchar', length: 254 })
  actorEmail!: string;

  @Column({ type: 'varchar', length: 32 })
  targetType!: AdminAuditTargetType;

  @Column({ type: 'varchar', length: 36 })
  targetId!: string;

  @Column({ type: 'varchar', length: 200 })
  summary!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  summaryAr!: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  reason!: string | null;

  /** Set from the injected Clock (not the database's), like every other decision timestamp. */
  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
