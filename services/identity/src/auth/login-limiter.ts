import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { failFastRedis, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { IdentityConfig } from '../config.js';
import { authErrors } from './auth-errors.js';

export const LOGIN_LIMITS = {
  perAccount: { points: 5, duration: 15 * 60 },
  perIp: { points: 20, duration: 15 * 60 },
} as const;

/**
 * Failed e-mail sign-ins, counted per account and per client IP over 15 minutes. In Redis when the
 * service has REDIS_URL, so every identity replica shares the counters; in memory otherwise (the
 * embedded profile runs one). Only failures count; a success clears the account's counter.
 * While Redis is down each replica counts in its own memory (the insurance limiter), so sign-in
 * keeps working and stays limited instead of failing with a 500.
 */
@Injectable()
export class LoginLimiter implements OnApplicationShutdown {
  private readonly redis?: Redis;
  private readonly perAccount: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    if (config.REDIS_URL) {
      // Fails fast while Redis is down, so the insurance limiter below answers; reconnects on its own.
      this.redis = failFastRedis(config.REDIS_URL);
      const store = (keyPrefix: string, limits: { points: number; duration: number }) =>
        new RateLimiterRedis({
          storeClient: this.redis,
          keyPrefix: `${config.QUEUE_PREFIX}:${keyPrefix}`,
          ...limits,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...limits }),
        });
      this.perAccount = store('login-fail-account', LOGIN_LIMITS.perAccount);
      this.perIp = store('login-fail-ip', LOGIN_LIMITS.perIp);
    } else {
      this.perAccount = new RateLimiterMemory(LOGIN_LIMITS.perAccount);
      this.perIp = new RateLimiterMemory(LOGIN_LIMITS.perIp);
    }
  }

  /** Throws 429 too_many_attempts when either counter is used up. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([this.perAccount.get(email), this.perIp.get(ip)]);
    const blocked = [
      [account, LOGIN_LIMITS.perAccount.points],
      [address, LOGIN_LIMITS.perIp.points],
    ] as const;
    for (const [state, points] of blocked) {
      if (state && state.consumedPoints >= points) throw authErrors.tooManyAttempts(Math.ceil(state.msBeforeNext / 1000));
    }
  }

  async failed(email: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.penalty(email, 1), this.perIp.penalty(ip, 1)]);
  }

  async succeeded(email: string): Promise<void> {
    await this.perAccount.delete(email);
  }

  onApplicationShutdown() {
    this.redis?.disconnect();
  }
}
