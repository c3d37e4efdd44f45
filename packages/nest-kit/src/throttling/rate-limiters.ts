import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import { failFastRedis } from '../redis/fail-fast-redis.js';

/** So many requests (`points`) per `duration` seconds for one key. */
export interface Allowance {
  points: number;
  duration: number;
}

export const RATE_LIMITED = 'rate_limited';

const MESSAGES = {
  en: 'Too many requests. Please wait and try again.',
  ar: 'طلبات كثيرة جداً. يرجى الانتظار ثم المحاولة مرة أخرى.',
} as const;

/** The 429 every rate limit answers: the frontends translate `rate_limited`; API callers read Retry-After. */
export function rateLimited(retryAfterSeconds: number, language: 'en' | 'ar' = 'en'): HttpException {
  return new HttpException(
    { code: RATE_LIMITED, message: MESSAGES[language], params: { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) } },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

/**
 * Named counters for request rate limits. In Redis when the service has REDIS_URL, so every replica
 * shares them; in memory otherwise (the embedded profile runs one replica). While Redis is down each
 * replica counts in its own memory (the insurance limiter), so requests stay limited instead of failing.
 */
@Injectable()
export class RateLimiters implements OnModuleInit, OnApplicationShutdown {
  private readonly redis?: Redis;
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {
    if (config.REDIS_URL) this.redis = failFastRedis(config.REDIS_URL);
  }

  /** Counts go to Redis from the first request when it is up; a Redis that is down does not hold the start. */
  async onModuleInit() {
    if (this.redis && this.redis.status !== 'ready') await Promise.race([once(this.redis, 'ready'), sleep(2_000)]);
  }

  /** The allowance after the deployment's RATE_LIMIT_SCALE. */
  scaled(allowance: Allowance): Allowance {
    return { points: Math.max(1, Math.round(allowance.points * this.config.RATE_LIMIT_SCALE)), duration: allowance.duration };
  }

  /** The counter called `name`; one per name for the process. */
  limiter(name: string, allowance: Allowance): RateLimiterAbstract {
    let limiter = this.limiters.get(name);
    if (limiter) return limiter;
    const limits = this.scaled(allowance);
    limiter = this.redis
      ? new RateLimiterRedis({
          storeClient: this.redis,
          keyPrefix: `${this.config.QUEUE_PREFIX}:rl:${name}`,
          ...limits,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, ...limits }),
        })
      : new RateLimiterMemory({ keyPrefix: name, ...limits });
    this.limiters.set(name, limiter);
    return limiter;
  }

  /** Takes one request from `key`'s allowance; throws the 429 when it is used up. */
  async consume(name: string, allowance: Allowance, key: string, language: 'en' | 'ar' = 'en'): Promise<void> {
    try {
      await this.limiter(name, allowance).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext / 1000, language);
      throw error;
    }
  }

  onApplicationShutdown() {
    this.redis?.disconnect();
  }
}
