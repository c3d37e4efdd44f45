import { Inject, Injectable, Logger, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, RedisSessionRevocations } from '@khidma/nest-kit';
import { DataSource, type EntityManager, In, IsNull, MoreThan } from 'typeorm';
import { User } from '../users/entities/user.entity.js';
import { authErrors } from './auth-errors.js';
import { Session } from './entities/session.entity.js';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** 256 bits of randomness, URL-safe: refresh tokens and e-mailed one-time tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

export interface ClientMeta {
  userAgent?: string;
  ip: string;
}

export interface IssuedSession {
  refreshToken: string;
  sid: string;
  user: User;
}

/**
 * Refresh-token sessions. A family (the access token's `sid`) starts at sign-in; each refresh marks
 * the presented token rotated and issues the next one in the family. A rotated token presented again
 * means it leaked (or was raced), so the whole family is revoked.
 */
@Injectable()
export class SessionsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Sessions');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    // Present with Redis: revocations are published there for the other services' verifiers.
    @Optional() @Inject(RedisSessionRevocations) private readonly published?: RedisSessionRevocations,
  ) {}

  onApplicationBootstrap() {
    this.published?.onReady(() => void this.republishRecent());
  }

  async start(manager: EntityManager, user: User, meta: ClientMeta, familyId: string = randomUUID()): Promise<IssuedSession> {
    const refreshToken = randomToken();
    await manager.insert(Session, {
      id: randomUUID(),
      familyId,
      userId: user.id,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
      rotatedAt: null,
      revokedAt: null,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip.slice(0, 64),
    });
    return { refreshToken, sid: familyId, user };
  }

  async rotate(refreshToken: string, meta: ClientMeta): Promise<IssuedSession> {
    const sessions = this.dataSource.getRepository(Session);
    const current = await sessions.findOneBy({ tokenHash: sha256(refreshToken) });
    if (!current || current.revokedAt || current.expiresAt.getTime() <= Date.now()) throw authErrors.noSession();
    // Conditional update: of two requests racing with one token, exactly one wins; the other is a replay.
    const claimed = await sessions.update({ id: current.id, rotatedAt: IsNull(), revokedAt: IsNull() }, { rotatedAt: new Date() });
    if (!claimed.affected) {
      await this.revokeFamilies([current.familyId]);
      throw authErrors.noSession();
    }
    const user = await this.dataSource.getRepository(User).findOneBy({ id: current.userId });
    if (!user?.isActive) {
      await this.revokeFamilies([current.familyId]);
      throw authErrors.accountDisabled();
    }
    return this.dataSource.transaction((manager) => this.start(manager, user, meta, current.familyId));
  }

  /** Ends the family a refresh token belongs to (rotated or not); false when the token is unknown. */
  async endByToken(refreshToken: string): Promise<boolean> {
    const session = await this.dataSource.getRepository(Session).findOneBy({ tokenHash: sha256(refreshToken) });
    if (!session) return false;
    await this.revokeFamilies([session.familyId]);
    return true;
  }

  async revokeAllOf(userId: string): Promise<void> {
    const rows = await this.dataSource.getRepository(Session).find({
      select: { familyId: true },
      where: { userId, revokedAt: IsNull() },
    });
    await this.revokeFamilies([...new Set(rows.map((row) => row.familyId))]);
  }

  async revokeFamilies(familyIds: readonly string[]): Promise<void> {
    if (!familyIds.length) return;
    await this.dataSource
      .getRepository(Session)
      .update({ familyId: In([...familyIds]), revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.publish(familyIds);
  }

  /**
   * The database row is the revocation; Redis only spreads it. While Redis is down verifiers ask
   * identity instead, and `republishRecent` writes the records once Redis is back.
   */
  private async publish(familyIds: readonly string[]) {
    try {
      await this.published?.revoke(familyIds);
    } catch (error) {
      this.logger.warn(`Revocation of ${familyIds.length} session(s) not published (${(error as Error).message}); will be when Redis is back`);
    }
  }

  /**
   * On every (re)connection to Redis: the revocations still able to matter (younger than an access
   * token's lifetime) are written again, those made during an outage and all of them if Redis came
   * back empty, so its records never say "live" for a session the database has ended.
   */
  async republishRecent(): Promise<void> {
    try {
      const rows = await this.dataSource.getRepository(Session).find({
        select: { familyId: true },
        where: { revokedAt: MoreThan(new Date(Date.now() - ACCESS_TOKEN_TTL_SECONDS * 1000)) },
      });
      await this.publish([...new Set(rows.map((row) => row.familyId))]);
    } catch (error) {
      this.logger.warn(`Recent revocations not republished: ${(error as Error).message}`);
    }
  }

  /** The authoritative answer: the family has a live token and its user is active. */
  async isActive(sid: string): Promise<User | undefined> {
    const live = await this.dataSource.getRepository(Session).findOne({
      select: { userId: true },
      where: { familyId: sid, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
    });
    if (!live) return undefined;
    const user = await this.dataSource.getRepository(User).findOneBy({ id: live.userId });
    return user?.isActive ? user : undefined;
  }
}
