import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import {
  ADMIN_LINK_TTL_MINUTES,
  DEFAULT_LANGUAGE,
  QUEUES,
  RESET_TOKEN_TTL_MINUTES,
  type SessionResponse,
  type SignUpRequest,
} from '@khidma/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, OutboxService, SERVICE_CONFIG } from '@khidma/nest-kit';
import { isEmail } from 'class-validator';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import type { IdentityConfig } from '../config.js';
import { KeyStore } from '../keys/key-store.js';
import { normalizeEmail, User } from '../users/entities/user.entity.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { authErrors } from './auth-errors.js';
import { LoginLimiter } from './login-limiter.js';
import { type AccountMail, accountMail, VERIFY_EMAIL_TTL_HOURS } from './mail-templates.js';
import { OneTimeTokensService } from './one-time-tokens.service.js';
import { assertAcceptablePassword } from './password-policy.js';
import { type ClientMeta, type IssuedSession, SessionsService } from './sessions.service.js';
import { toUserDto } from './user-dto.js';

const LINK_PATHS: Record<AccountMail, string> = {
  verify_email: '/verify-email',
  password_reset: '/reset-password',
  admin_link: '/admin-access',
};

/** What a sign-in hands the controller: the body and the refresh token for the cookie. */
export interface SignedIn {
  response: SessionResponse;
  refreshToken: string;
}

@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified against when the e-mail is unknown, so that answer costs the same argon2 time. */
  private dummyHash!: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly hasher: PasswordHasher,
    private readonly keys: KeyStore,
    private readonly sessions: SessionsService,
    private readonly tokens: OneTimeTokensService,
    private readonly limiter: LoginLimiter,
    private readonly outbox: OutboxService,
  ) {}

  async onModuleInit() {
    this.dummyHash = await this.hasher.hash(randomUUID());
  }

  private get users() {
    return this.dataSource.getRepository(User);
  }

  user(id: string): Promise<User> {
    return this.users.findOneByOrFail({ id });
  }

  async signedIn({ refreshToken, sid, user }: IssuedSession): Promise<SignedIn> {
    const accessToken = await this.keys.signAccessToken({ sub: user.id, role: user.role, email: user.email, sid, email_verified: Boolean(user.emailVerifiedAt) });
    return { refreshToken, response: { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, user: toUserDto(user) } };
  }

  /** Starts a session for a user (Google, admin link), in its own transaction. */
  async startSession(user: User, meta: ClientMeta): Promise<SignedIn> {
    return this.signedIn(await this.dataSource.transaction((manager) => this.sessions.start(manager, user, meta)));
  }

  private assertEmail(email: unknown): string {
    if (typeof email !== 'string' || email.length > 254 || !isEmail(email.trim())) throw authErrors.invalidEmail();
    return normalizeEmail(email);
  }

  /** A mail with a one-time link, queued in the same transaction as the token row. */
  private async mailLink(manager: EntityManager, user: User, kind: AccountMail, ttlMinutes: number) {
    const token = await this.tokens.issue(manager, user.id, kind, ttlMinutes);
    const link = `${this.config.PUBLIC_URL}${LINK_PATHS[kind]}?token=${token}`;
    const mail = accountMail(kind, user, link);
    await this.outbox.enqueue(manager, QUEUES.email, mail.template, mail);
  }

  /**
   * The configured ADMIN_EMAIL account becomes admin once its address is verified; nothing a client
   * sends can do this. Returns the user as it now is.
   */
  async promoteIfAdmin(manager: EntityManager, user: User): Promise<User> {
    if (user.email !== this.config.ADMIN_EMAIL || !user.emailVerifiedAt || user.role === 'admin') return user;
    await manager.update(User, user.id, { role: 'admin' });
    return { ...user, role: 'admin' };
  }

  async signUp(request: SignUpRequest, meta: ClientMeta): Promise<SignedIn> {
    const email = this.assertEmail(request.email);
    assertAcceptablePassword(request.password);
    if (await this.users.existsBy({ email })) throw authErrors.emailInUse();
    const passwordHash = await this.hasher.hash(request.password);
    try {
      const issued = await this.dataSource.transaction(async (manager) => {
        const id = randomUUID();
        await manager.insert(User, {
          id,
          email,
          passwordHash,
          firstName: request.firstName?.trim() ?? '',
          lastName: request.lastName?.trim() ?? '',
          language: request.language ?? DEFAULT_LANGUAGE,
        });
        const user = await manager.findOneByOrFail(User, { id });
        await this.mailLink(manager, user, 'verify_email', VERIFY_EMAIL_TTL_HOURS * 60);
        return this.sessions.start(manager, user, meta);
      });
      return await this.signedIn(issued);
    } catch (error) {
      // The same address signed up at the same moment: the unique index decided.
      if (error instanceof QueryFailedError && /duplicate|unique/i.test(error.message)) throw authErrors.emailInUse();
      throw error;
    }
  }

  async signIn(rawEmail: string, password: string, meta: ClientMeta): Promise<SignedIn> {
    const email = this.assertEmail(rawEmail);
    const user = await this.users.findOneBy({ email });
    const limitKey = LoginLimiter.key(email, meta.ip, user?.passwordHash);
    await this.limiter.assertAllowed(limitKey, meta.ip);
    const valid = await this.hasher.verify(user?.passwordHash ?? this.dummyHash, password);
    if (!user || !valid || !user.passwordHash) {
      await this.limiter.failed(limitKey, meta.ip);
      // Spec §8 distinguishes an unknown account; a Google-only account has no password to match.
      throw user ? authErrors.invalidCredentials() : authErrors.accountNotFound();
    }
    // Checked only after the password, so a disabled account is not revealed to a guesser.
    if (!user.isActive) throw authErrors.accountDisabled();
    await this.limiter.succeeded(limitKey);
    const issued = await this.dataSource.transaction(async (manager) => {
      if (this.hasher.needsRehash(user.passwordHash!)) {
        await manager.update(User, user.id, { passwordHash: await this.hasher.hash(password) });
      }
      return this.sessions.start(manager, await this.promoteIfAdmin(manager, user), meta);
    });
    return this.signedIn(issued);
  }

  async refresh(refreshToken: string, meta: ClientMeta): Promise<SignedIn> {
    return this.signedIn(await this.sessions.rotate(refreshToken, meta));
  }

  async verifyEmail(token: string): Promise<User> {
    return this.dataSource.transaction(async (manager) => {
      const userId = await this.tokens.consume(manager, token, 'verify_email');
      const user = await manager.findOneByOrFail(User, { id: userId });
      if (!user.emailVerifiedAt) {
        user.emailVerifiedAt = new Date();
        await manager.update(User, user.id, { emailVerifiedAt: user.emailVerifiedAt });
      }
      return this.promoteIfAdmin(manager, user);
    });
  }

  async resendVerification(userId: string): Promise<void> {
    const user = await this.users.findOneByOrFail({ id: userId });
    if (user.emailVerifiedAt) return;
    await this.dataSource.transaction((manager) => this.mailLink(manager, user, 'verify_email', VERIFY_EMAIL_TTL_HOURS * 60));
  }

  /** Always succeeds for the caller: whether the address has an account is not revealed. */
  async requestPasswordReset(rawEmail: string): Promise<void> {
    const email = this.assertEmail(rawEmail);
    const user = await this.users.findOneBy({ email });
    if (!user?.isActive) return;
    await this.dataSource.transaction((manager) => this.mailLink(manager, user, 'password_reset', RESET_TOKEN_TTL_MINUTES));
  }

  /** Sets the new password and ends every session of the account. */
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    assertAcceptablePassword(password);
    const passwordHash = await this.hasher.hash(password);
    const userId = await this.dataSource.transaction(async (manager) => {
      const id = await this.tokens.consume(manager, token, 'password_reset');
      // Following the e-mailed link proves the address too.
      const user = await manager.findOneByOrFail(User, { id });
      await manager.update(User, id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
      return id;
    });
    // The new password hash also starts new sign-in counters: the link ends every hold on the account.
    await this.sessions.revokeAllOf(userId);
  }

  /** `POST /api/auth/setup-admin`: promotes the caller only if it is the verified ADMIN_EMAIL account. */
  async setupAdmin(userId: string): Promise<User> {
    const user = await this.users.findOneByOrFail({ id: userId });
    if (user.email !== this.config.ADMIN_EMAIL) throw authErrors.notAdminEmail();
    if (!user.emailVerifiedAt) throw authErrors.notAdminEmail();
    return this.dataSource.transaction((manager) => this.promoteIfAdmin(manager, user));
  }

  /** Emergency Admin Access: mails a one-time link to ADMIN_EMAIL if that account exists and is verified. */
  async requestAdminLink(rawEmail: unknown): Promise<void> {
    if (typeof rawEmail !== 'string' || normalizeEmail(rawEmail) !== this.config.ADMIN_EMAIL) return;
    const user = await this.users.findOneBy({ email: this.config.ADMIN_EMAIL });
    if (!user?.emailVerifiedAt || !user.isActive) return;
    await this.dataSource.transaction((manager) => this.mailLink(manager, user, 'admin_link', ADMIN_LINK_TTL_MINUTES));
  }

  async consumeAdminLink(token: string, meta: ClientMeta): Promise<SignedIn> {
    const issued = await this.dataSource.transaction(async (manager) => {
      const userId = await this.tokens.consume(manager, token, 'admin_link');
      const user = await manager.findOneByOrFail(User, { id: userId });
      if (!user.isActive) throw authErrors.accountDisabled();
      // The link was only ever sent to the ADMIN_EMAIL account; re-checked in case the config changed since.
      if (user.email !== this.config.ADMIN_EMAIL) throw authErrors.invalidToken();
      return this.sessions.start(manager, await this.promoteIfAdmin(manager, user), meta);
    });
    return this.signedIn(issued);
  }
}
