import { UnauthorizedException } from '@nestjs/common';
import { type AccessTokenClaims, JWT_AUDIENCE, JWT_ISSUER, ROLES, type Role } from '@khidma/contracts';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { AuthUser } from './auth-user.js';
import type { SessionRevocations } from './session-revocations.js';

/** The only signature algorithm accepted: `alg: none`, HS256 with the public key etc. never verify. */
export const ACCESS_TOKEN_ALGORITHMS = ['ES256'];

export const invalidToken = () =>
  new UnauthorizedException({ code: 'unauthorized', message: 'Invalid or expired access token' });

/** The token of an `Authorization: Bearer …` header, if that is what the header holds. */
export const bearerToken = (header: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/**
 * Checks signature (ES256 only, key by `kid` from the given key set), issuer, audience and expiry,
 * and that the claims have the shape identity issues. Throws a 401 for anything else.
 */
export async function verifyAccessToken(token: string, keys: JWTVerifyGetKey): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ACCESS_TOKEN_ALGORITHMS,
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['sub', 'sid', 'role', 'email', 'exp', 'iat'],
    });
    const { sub, sid, role, email } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email !== 'string') throw invalidToken();
    if (!ROLES.includes(role as Role)) throw invalidToken();
    return payload as unknown as AccessTokenClaims;
  } catch {
    throw invalidToken();
  }
}

export const authUserOf = (claims: AccessTokenClaims): AuthUser => ({
  id: claims.sub,
  role: claims.role,
  email: claims.email,
  sid: claims.sid,
});

/** What the guard asks: who a bearer token speaks for (or a 401). */
export abstract class AccessTokenVerifier {
  abstract verify(token: string): Promise<AuthUser>;
}

/**
 * Verifier of every service but identity: identity's published keys (fetched once, refetched when a
 * token names an unknown `kid`, i.e. after a key rotation), then the session revocation check.
 */
export class JwksAccessTokenVerifier extends AccessTokenVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    jwksUrl: string,
    private readonly revocations: SessionRevocations,
  ) {
    super();
    this.keys = createRemoteJWKSet(new URL(jwksUrl));
  }

  async verify(token: string): Promise<AuthUser> {
    const claims = await verifyAccessToken(token, this.keys);
    if (await this.revocations.isRevoked(claims.sid)) throw invalidToken();
    return authUserOf(claims);
  }
}
