import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Language } from '@khidma/contracts';
import { type AuthUser, clientIp, failFastRedis, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AssistantConfig } from '../config.js';

const MESSAGES: Record<Language, string> = {
  en: 'Too many messages. Please wait a minute and try again.',
  ar: 'رسائل كثيرة جداً. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
};

/**
 * Every assistant route: so many requests a minute per signed-in user and per client address, shared
 * by all replicas through Redis when there is one. A 429 says so in the caller's language.
 */
@Injectable()
export class AssistantRateLimitGuard implements CanActivate, OnModuleInit, OnApplicationShutdown {
  private readonly redis?: Redis;
  private readonly perUser: RateLimiterAbstract;
  private readonly perIp: RateLimiterAbstract;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AssistantConfig) {
    const limits = (points: number) => ({ points, duration: 60 });
    if (config.REDIS_URL) {
      this.redis = failFastRedis(config.REDIS_URL);
      const store = (keyPrefix: string, points: number) =>
        new RateLimiterRedis({
          storeClient: this.redis,
          keyPrefix: `${config.QUEUE_PREFIX}:${keyPrefix}`,
          ...limits(points),
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...limits(points) }),
        });
      this.perUser = store('ai-user', config.ASSISTANT_RATE_PER_USER);
      this.perIp = store('ai-ip', config.ASSISTANT_RATE_PER_IP);
    } else {
      this.perUser = new RateLimiterMemory(limits(config.ASSISTANT_RATE_PER_USER));
      this.perIp = new RateLimiterMemory(limits(config.ASSISTANT_RATE_PER_IP));
    }
  }

  /** Counts go to Redis from the first request when it is up; a Redis that is down does not hold the start. */
  async onModuleInit() {
    if (this.redis && this.redis.status !== 'ready') await Promise.race([once(this.redis, 'ready'), sleep(2_000)]);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser; body?: { language?: unknown } }>();
    const language: Language = request.body?.language === 'ar' ? 'ar' : 'en';
    try {
      await this.perIp.consume(clientIp(request, this.config.TRUSTED_PROXIES));
      if (request.user) await this.perUser.consume(request.user.id);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new HttpException({ code: 'rate_limited', message: MESSAGES[language], params: { retryAfterSeconds } }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }

  onApplicationShutdown() {
    this.redis?.disconnect();
  }
}
