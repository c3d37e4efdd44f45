import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One refresh token. Rotation makes a new row in the same family (the `sid` of access tokens); the
 * token itself is never stored, only its SHA-256.
 */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Index()
  @Column({ type: 'varchar', length: 36 })
  familyId!: string;

  @Index()
  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  tokenHash!: string;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt!: Date;

  /** Set when this token was exchanged for the next one: presenting it again is a replay. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  rotatedAt!: Date | null;

  /** The token issued in exchange for this one (`SessionsService.retryLostAnswer` reads it). */
  @Column({ type: 'varchar', length: 36, nullable: true })
  replacedById!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
