import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { type AuthUser, clientIp, RateLimiters, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { FastifyRequest } from 'fastify';
import type { AssistantConfig } from '../config.js';

/**
 * Every assistant route: so many requests a minute per signed-in user and per client address
 * (ASSISTANT_RATE_PER_*), in nest-kit's shared rate-limit store. A 429 says so in the caller's language.
 */
@Injectable()
export class AssistantRateLimitGuard implements CanActivate {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AssistantConfig,
    private readonly limiters: RateLimiters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser; body?: { language?: unknown } }>();
    const language = request.body?.language === 'ar' ? 'ar' : 'en';
    const minute = (points: number) => ({ points, duration: 60 });
    await this.limiters.consume('ai-ip', minute(this.config.ASSISTANT_RATE_PER_IP), clientIp(request, this.config.TRUSTED_PROXIES), language);
    if (request.user) await this.limiters.consume('ai-user', minute(this.config.ASSISTANT_RATE_PER_USER), request.user.id, language);
    return true;
  }
}
