import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@khidma/contracts';
import type { AuthUser } from './auth-user.js';

export const IS_PUBLIC = 'khidma:public';
export const REQUIRED_ROLES = 'khidma:roles';

/** Opens a route to callers without a token (the guard denies everything else by default). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only callers whose role is one of these pass (after the token check). */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);

/** The verified caller of a guarded route; undefined on a public route called without a token. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined =>
    context.switchToHttp().getRequest<{ user?: AuthUser }>().user,
);
