import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A proposed change awaiting a yes: its confirmation token names this row, which makes the token single-use. */
@Entity('assistant_proposals')
export class AssistantProposal {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 64 })
  sessionId!: string;

  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ type: 'text' })
  parameters!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;

  /** Set once, by the confirmation that used the token (an UPDATE ... WHERE usedAt IS NULL). */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt!: Date | null;
}
