import { type Language, type Role } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** E-mail addresses are compared case-insensitively everywhere, so they are stored lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

@Entity('users')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  // The transformer also applies to `where` values, so a lookup by e-mail ignores case too.
  @Column({
    type: 'varchar',
    length: 254,
    unique: true,
    transformer: {
      to: (value?: string) => (typeof value === 'string' ? normalizeEmail(value) : value),
      from: (value: string) => value,
    },
  })
  email!: string;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  emailVerifiedAt!: Date | null;

  /** Null for accounts that only ever sign in with Google. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ type: 'varchar', length: 100 })
  lastName!: string;

  /** Google's `sub` once the account is linked to a Google account. */
  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  googleSubject!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  profileImageUrl!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'client' })
  role!: Role;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
