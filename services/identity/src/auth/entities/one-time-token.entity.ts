import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export const ONE_TIME_PURPOSES = ['verify_email', 'password_reset', 'admin_link'] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

/** An e-mailed, single-use token (verification, password reset, emergency admin link), stored hashed. */
@Entity('one_time_tokens')
export class OneTimeToken {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Index()
  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  purpose!: OneTimePurpose;

  @Column({ type: 'varchar', length: 64, unique: true })
  tokenHash!: string;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
