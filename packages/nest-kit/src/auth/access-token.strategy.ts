import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { randomUUID } from 'node:crypto';
import passport from 'passport';
import { AccessTokenVerifier, bearerToken } from './access-token.js';
import type { AuthUser } from './auth-user.js';

type Verified = (error: unknown, user?: AuthUser | false) => void;

/**
 * A Passport strategy for `Authorization: Bearer <access token>`. passport-jwt is not used: it
 * verifies with jsonwebtoken and a single secret or key, while our tokens need jose's ES256 check
 * against identity's rotating JWKS (key by `kid`) and then the session revocation check; the
 * verification itself stays in AccessTokenVerifier, this only reads the header and reports.
 */
class BearerTokenStrategy extends passport.Strategy {
  constructor(
    override readonly name: string,
    private readonly verifyToken: (token: string, done: Verified) => void,
  ) {
    super();
  }

  override authenticate(request: { headers: Record<string, string | string[] | undefined> }) {
    const header = request.headers.authorization;
    const token = bearerToken(typeof header === 'string' ? header : undefined);
    if (!token) return this.fail(401);
    this.verifyToken(token, (error, user) => (error ? this.error(error) : user ? this.success(user) : this.fail(401)));
  }
}

/**
 * The app's access-token strategy. Passport keeps strategies in one process-wide registry, so each
 * app registers its own under a unique name (tests run several apps, each with its own verifier, in
 * one process) and removes it when the app closes.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(BearerTokenStrategy) implements OnModuleDestroy {
  constructor(private readonly verifier: AccessTokenVerifier) {
    super(`khidma-access-token:${randomUUID()}`);
  }

  validate(token: string): Promise<AuthUser> {
    return this.verifier.verify(token);
  }

  onModuleDestroy() {
    passport.unuse(this.name);
  }
}
