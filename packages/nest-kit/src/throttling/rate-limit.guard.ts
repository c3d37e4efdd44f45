import { applyDecorators, type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import { clientIp } from '../http/client-ip.js';
import { type Allowance, RateLimiters } from './rate-limiters.js';

/**
 * Whom a limit counts: the client address, the signed-in account (skipped for anonymous callers,
 * whom the per-IP limit covers), or the e-mail address in the body (whether or not an account uses
 * it, so the answer tells nothing about the address).
 */
export type RateLimitKey = 'ip' | 'user' | 'email';

export interface RateLimitRule extends Allowance {
  /** Unique per service: the counter's name (routes that share a name share the counter). */
  name: string;
  by: RateLimitKey;
}

const RATE_LIMIT_RULES = 'khidma:rate-limits';

type LimitedRequest = FastifyRequest & { user?: AuthUser; body?: { email?: unknown; language?: unknown } };

/** The caller's language for the 429's message: the body's `language` (assistant), else Accept-Language. */
function languageOf(request: LimitedRequest): 'en' | 'ar' {
  const asked = typeof request.body?.language === 'string' ? request.body.language : request.headers['accept-language'];
  return typeof asked === 'string' && asked.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

function keyOf(rule: RateLimitRule, request: LimitedRequest, trustedProxies: readonly string[]): string | undefined {
  if (rule.by === 'ip') return clientIp(request, trustedProxies);
  if (rule.by === 'user') return request.user?.id;
  const email = request.body?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

/** Runs after the token check (a route guard), so per-account limits see the verified caller. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiters: RateLimiters,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.getAllAndMerge<RateLimitRule[]>(RATE_LIMIT_RULES, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<LimitedRequest>();
    const language = languageOf(request);
    for (const rule of rules) {
      const key = keyOf(rule, request, this.config.TRUSTED_PROXIES);
      if (key !== undefined) await this.limiters.consume(rule.name, rule, key, language);
    }
    return true;
  }
}

/** Limits a route (or every route of a controller) by each rule; a used-up rule answers 429 with Retry-After. */
export const RateLimit = (...rules: RateLimitRule[]) => applyDecorators(SetMetadata(RATE_LIMIT_RULES, rules), UseGuards(RateLimitGuard));
