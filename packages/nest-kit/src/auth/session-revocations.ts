import { Logger, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { internalFetch } from '../http/internal-fetch.js';
import { failFastRedis } from '../redis/fail-fast-redis.js';
import type { BaseServiceConfig } from '../config/load-config.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './auth-user.js';

/**
 * Neither the revocation records nor identity could answer: the request is refused with a 503 (try
 * again), never let through unchecked and never a 401 that would sign a valid user out.
 */
export const sessionCheckUnavailable = () =>
  new ServiceUnavailableException({
    code: 'service_unavailable',
    message: 'Your sign-in cannot be checked right now; please try again in a moment',
    params: { service: 'identity' },
  });

/**
 * Whether a session (refresh-token family) was ended before its access tokens expire: logout,
 * refresh-token replay, password reset and deactivation revoke sessions, and a revoked session's
 * access tokens stop working at the next request instead of up to 15 minutes later.
 */
export abstract class SessionRevocations {
  abstract isRevoked(sid: string): Promise<boolean>;
}

/**
 * With Redis (production, several replicas): identity writes one key per revoked session, living as
 * long as an access token can, and every verifier reads it — one EXISTS per request, no call to
 * identity. A deactivated user's sessions are all revoked, so per-session records cover users too.
 * While Redis is down a command fails fast (see failFastRedis) and the client keeps reconnecting.
 */
export class RedisSessionRevocations extends SessionRevocations implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    super();
    this.redis = failFastRedis(url);
  }

  /** Runs `listener` each time the connection becomes usable (now if it is, and after every outage). */
  onReady(listener: () => void) {
    this.redis.on('ready', listener);
    if (this.redis.status === 'ready') listener();
  }

  private key(sid: string) {
    return `${this.prefix}:revoked-session:${sid}`;
  }

  async isRevoked(sid: string): Promise<boolean> {
    return (await this.redis.exists(this.key(sid))) === 1;
  }

  async revoke(sids: readonly string[]): Promise<void> {
    if (!sids.length) return;
    const batch = this.redis.multi();
    for (const sid of sids) batch.set(this.key(sid), '1', 'EX', ACCESS_TOKEN_TTL_SECONDS);
    await batch.exec();
  }

  async onApplicationShutdown() {
    this.redis.disconnect();
  }
}

/** How long a session check's answer is reused: a revocation reaches other services within this. */
export const SESSION_CHECK_CACHE_MS = 2_000;

/** The internal path identity answers `{ active }` on, for a session id. */
export const sessionCheckPath = (sid: string) => `/api/auth/sessions/${encodeURIComponent(sid)}/active`;

/**
 * Without Redis (embedded profile, one process per service), and as the fallback while Redis is down:
 * ask identity, whose origin is the JWKS URL's, and keep the answer briefly so a burst of requests
 * costs one call. Fails closed: an answer other than "active" means revoked; no answer at all
 * (identity down, timeout, 5xx) is a 503 and is not cached.
 */
export class HttpSessionRevocations extends SessionRevocations {
  private readonly cache = new Map<string, { revoked: boolean; until: number }>();
  /** Checks under way: requests of one session arriving together wait for the same answer. */
  private readonly asking = new Map<string, Promise<boolean>>();

  constructor(
    private readonly jwksUrl: string,
    /** SESSION_CHECK_TIMEOUT_MS of the service's config. */
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async isRevoked(sid: string): Promise<boolean> {
    const cached = this.cache.get(sid);
    if (cached && cached.until > Date.now()) return cached.revoked;
    let answer = this.asking.get(sid);
    if (!answer) {
      answer = this.ask(sid).finally(() => this.asking.delete(sid));
      this.asking.set(sid, answer);
    }
    return answer;
  }

  private async ask(sid: string): Promise<boolean> {
    const askedAt = Date.now();
    const url = new URL(sessionCheckPath(sid), this.jwksUrl);
    const signal = AbortSignal.timeout(this.timeoutMs);
    let revoked: boolean;
    try {
      // A dropped kept-alive connection is asked again on a new one, within the same time limit.
      const response = await internalFetch(url, { signal });
      if (response.status >= 500) throw new Error(`identity answered ${response.status}`);
      revoked = !(response.ok && ((await response.json()) as { active?: unknown }).active === true);
    } catch {
      throw sessionCheckUnavailable();
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(sid, { revoked, until: askedAt + SESSION_CHECK_CACHE_MS });
    return revoked;
  }
}

/**
 * The Redis profile's check: the Redis records, and identity's own answer while Redis cannot be
 * reached, so an outage of Redis neither blocks signed-in users nor lets a revoked session through.
 */
export class FallbackSessionRevocations extends SessionRevocations implements OnApplicationShutdown {
  private readonly logger = new Logger('SessionRevocations');
  private redisDown = false;

  constructor(
    private readonly primary: RedisSessionRevocations,
    private readonly fallback: HttpSessionRevocations,
  ) {
    super();
  }

  async isRevoked(sid: string): Promise<boolean> {
    try {
      const revoked = await this.primary.isRevoked(sid);
      if (this.redisDown) this.logger.log('Redis answers again; session checks read it again');
      this.redisDown = false;
      return revoked;
    } catch (error) {
      if (!this.redisDown) this.logger.warn(`Redis unreachable (${(error as Error).message}); asking identity instead`);
      this.redisDown = true;
      return this.fallback.isRevoked(sid);
    }
  }

  onApplicationShutdown() {
    return this.primary.onApplicationShutdown();
  }
}

/** The session check of a service's profile: Redis with identity as fallback, or identity alone. */
export const sessionRevocationsFor = (
  config: Pick<BaseServiceConfig, 'REDIS_URL' | 'QUEUE_PREFIX' | 'IDENTITY_JWKS_URL' | 'SESSION_CHECK_TIMEOUT_MS'>,
) => {
  const identityCheck = new HttpSessionRevocations(config.IDENTITY_JWKS_URL, config.SESSION_CHECK_TIMEOUT_MS);
  return config.REDIS_URL
    ? new FallbackSessionRevocations(new RedisSessionRevocations(config.REDIS_URL, config.QUEUE_PREFIX), identityCheck)
    : identityCheck;
};
