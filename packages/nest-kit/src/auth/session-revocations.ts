import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from './auth-user.js';

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
 */
export class RedisSessionRevocations extends SessionRevocations implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    super();
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
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
    await this.redis.quit();
  }
}

/** How long a session check's answer is reused: a revocation reaches other services within this. */
export const SESSION_CHECK_CACHE_MS = 2_000;

/** The internal path identity answers `{ active }` on, for a session id. */
export const sessionCheckPath = (sid: string) => `/api/auth/sessions/${encodeURIComponent(sid)}/active`;

/**
 * Without Redis (embedded profile, one process per service): ask identity, whose origin is the JWKS
 * URL's, and keep the answer briefly so a burst of requests costs one call. Fails closed: when
 * identity cannot answer, the session counts as revoked.
 */
export class HttpSessionRevocations extends SessionRevocations {
  private readonly cache = new Map<string, { revoked: boolean; until: number }>();

  constructor(private readonly jwksUrl: string) {
    super();
  }

  async isRevoked(sid: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.cache.get(sid);
    if (cached && cached.until > now) return cached.revoked;
    let revoked: boolean;
    try {
      const response = await fetch(new URL(sessionCheckPath(sid), this.jwksUrl), { signal: AbortSignal.timeout(2_000) });
      revoked = !(response.ok && ((await response.json()) as { active?: unknown }).active === true);
    } catch {
      revoked = true;
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(sid, { revoked, until: now + SESSION_CHECK_CACHE_MS });
    return revoked;
  }
}
