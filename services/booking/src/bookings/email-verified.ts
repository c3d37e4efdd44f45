import { bearerToken } from '@khidma/nest-kit';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the caller's e-mail is verified: the `email_verified` claim of the access token the global
 * guard has already verified. Decides whether the unverified-account booking cap applies.
 */
export function emailVerified(request: FastifyRequest): boolean {
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) return false;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email_verified?: unknown };
  return claims.email_verified === true;
}
