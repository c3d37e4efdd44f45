import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@khidma/contracts';
import { AccessTokenVerifier, bearerToken } from './access-token.js';
import type { AuthUser } from './auth-user.js';
import { IS_PUBLIC, REQUIRED_ROLES } from './decorators.js';

/**
 * The global guard of every service: deny by default, `@Public()` opens a route, `@Roles()` narrows
 * it. A token that is present is always verified, on public routes too, so a bad token is a 401
 * everywhere (as at the gateway) rather than silently treated as anonymous.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: AccessTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (isPublic) return true;
      throw new UnauthorizedException({ code: 'unauthorized', message: 'Sign-in required' });
    }
    request.user = await this.verifier.verify(token);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles?.length && !roles.includes(request.user.role)) {
      throw new ForbiddenException({ code: 'forbidden', message: 'You do not have access to this resource' });
    }
    return true;
  }
}
