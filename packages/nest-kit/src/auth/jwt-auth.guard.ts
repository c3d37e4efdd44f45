import { type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Role } from '@khidma/contracts';
import { bearerToken } from './access-token.js';
import { AccessTokenStrategy } from './access-token.strategy.js';
import type { AuthUser } from './auth-user.js';
import { IS_PUBLIC, REQUIRED_ROLES } from './decorators.js';

type GuardedRequest = { headers: Record<string, string | undefined>; user?: AuthUser };

/**
 * The global guard of every service, Passport's AuthGuard over the app's AccessTokenStrategy: deny by
 * default, `@Public()` opens a route, `@Roles()` narrows it. A token that is present is always
 * verified, on public routes too, so a bad token is a 401 everywhere (as at the gateway) rather than
 * silently treated as anonymous.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard() {
  constructor(
    private readonly reflector: Reflector,
    strategy: AccessTokenStrategy,
  ) {
    super({ defaultStrategy: strategy.name, session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    if (isPublic && !bearerToken(request.headers.authorization)) return true;
    await super.canActivate(context);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles?.length && !roles.includes(request.user!.role)) {
      throw new ForbiddenException({ code: 'forbidden', message: 'You do not have access to this resource' });
    }
    return true;
  }

  /** The verifier's own error (401 invalid token, 503 session check unavailable) goes out as it is. */
  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new UnauthorizedException({ code: 'unauthorized', message: 'Sign-in required' });
    return user;
  }
}

/** The global guard and its strategy; each app also provides an AccessTokenVerifier. */
export const authGuardProviders = [AccessTokenStrategy, { provide: APP_GUARD, useClass: JwtAuthGuard }];
