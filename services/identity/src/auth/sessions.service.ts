import { Inject, Injectable, Logger, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, RedisSessionRevocations, SERVICE_CONFIG } from '@khidma/nest-kit';
import { DataSource, type EntityManager, In, IsNull, MoreThan } from 'typeorm';
import type { IdentityConfig } from '../config.js';
import { User } from '../users/entities/user.entity.js';
import { authErrors } from './auth-errors.js';
import { Session } from './entities/session.entity.js';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

/** How many retries of one lost answer may race (tabs a browser restores at once); more are replays. */
const MAX_CONCURRENT_RETRIES = 8;
const RETIRED_MEANWHILE = Symbol('retired meanwhile');

/** The request's client as a session row stores it. */
const clientColumns = (meta: ClientMeta) => ({ userAgent: meta.userAgent?.slice(0, 512) ?? null, ip: meta.ip.slice(0, 64) });
const isSameClient = (session: Session, meta: ClientMeta) => {
  const client = clientColumns(meta);
  return session.userAgent === client.userAgent && session.ip === client.ip;
};

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
 * the presented token rotated and issues the next one in the family, so a family has one live token.
 * A rotated token presented again means it leaked, so the whole family is revoked. One case is not a
 * leak: the answer that carried the successor never arrived (the page was left mid-refresh, two tabs
 * refreshed at once). The client that asked then presents the old token again, soon, and its lost
 * successor was never used: it gets a new successor in place of the lost one (`retryLostAnswer`).
 */
@Injectable()
export class SessionsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Sessions');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    // Present with Redis: revocations are published there for the other services' verifiers.
    @Optional() @Inject(RedisSessionRevocations) private readonly published?: RedisSessionRevocations,
  ) {}

  onApplicationBootstrap() {
    this.published?.onReady(() => void this.republishRecent());
  }

  async start(manager: EntityManager, user: User, meta: ClientMeta, familyId: string = randomUUID()): Promise<IssuedSession> {
    return this.issue(manager, randomUUID(), user, meta, familyId);
  }

  async rotate(refreshToken: string, meta: ClientMeta): Promise<IssuedSession> {
    const sessions = this.dataSource.getRepository(Session);
    const current = await sessions.findOneBy({ tokenHash: sha256(refreshToken) });
    if (!current || current.revokedAt || current.expiresAt.getTime() <= Date.now()) throw authErrors.noSession();
    const user = await this.dataSource.getRepository(User).findOneBy({ id: current.userId });
    if (!user?.isActive) {
      await this.revokeFamilies([current.familyId]);
      throw authErrors.accountDisabled();
    }
    const successorId = randomUUID();
    const issued = await this.dataSource.transaction(async (manager) => {
      // Conditional update: of two requests racing with one token, exactly one wins. The claim and its
      // successor commit together, so the loser reads which successor the winner was given.
      const claimed = await manager.update(
        Session,
        { id: current.id, rotatedAt: IsNull(), revokedAt: IsNull() },
        { rotatedAt: new Date(), replacedById: successorId },
      );
      return claimed.affected ? this.issue(manager, successorId, user, meta, current.familyId) : undefined;
    });
    if (issued) return issued;
    const retried = await this.retryLostAnswer(current.id, user, meta);
    if (retried) return retried;
    await this.revokeFamilies([current.familyId]);
    throw authErrors.noSession();
  }

  /**
   * The token `rotatedId` was exchanged moments ago; the same client (address and browser) presents it
   * again, and the successor it was given has never been used: that answer was lost, not stolen. The
   * unused successor is retired (presenting it later is a replay) and a new one takes its place, so the
   * family still has one live token. Anything else is a replay (undefined).
   */
  private async retryLostAnswer(rotatedId: string, user: User, meta: ClientMeta): Promise<IssuedSession | undefined> {
    const windowMs = this.config.REFRESH_RETRY_SECONDS * 1000;
    let retiredMeanwhile: string | undefined;
    // Tabs restored at once all retry with one token: each pass, a transaction of its own, sees the
    // successor the retry before it committed. A successor that was used, not retired, ends it.
    for (let pass = 0; pass < MAX_CONCURRENT_RETRIES; pass++) {
      const outcome = await this.dataSource.transaction(async (manager) => {
        const rotated = await manager.findOneBy(Session, { id: rotatedId });
        if (!rotated?.rotatedAt || !rotated.replacedById || rotated.replacedById === retiredMeanwhile) return undefined;
        if (Date.now() - rotated.rotatedAt.getTime() > windowMs) return undefined;
        const lost = await manager.findOneBy(Session, { id: rotated.replacedById });
        if (!lost || !isSameClient(lost, meta)) return undefined;
        const retired = await manager.update(Session, { id: lost.id, rotatedAt: IsNull(), revokedAt: IsNull() }, { rotatedAt: new Date() });
        if (!retired.affected) {
          retiredMeanwhile = lost.id;
          return RETIRED_MEANWHILE;
        }
        const successorId = randomUUID();
        await manager.update(Session, { id: rotated.id }, { replacedById: successorId });
        return this.issue(manager, successorId, user, meta, rotated.familyId);
      });
      if (outcome !== RETIRED_MEANWHILE) return outcome;
    }
    return undefined;
  }

  private async issue(manager: EntityManager, id: string, user: User, meta: ClientMeta, familyId: string): Promise<IssuedSession> {
    const refreshToken = randomToken();
    await manager.insert(Session, {
      id,
      familyId,
      userId: user.id,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
      rotatedAt: null,
      replacedById: null,
      revokedAt: null,
      ...clientColumns(meta),
    });
    return { refreshToken, sid: familyId, user };
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
