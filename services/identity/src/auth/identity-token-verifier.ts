import { Injectable } from '@nestjs/common';
import { AccessTokenVerifier, type AuthUser, invalidToken } from '@khidma/nest-kit';
import { KeyStore } from '../keys/key-store.js';
import { SessionsService } from './sessions.service.js';

/**
 * Identity checks its own tokens against its key store and its own database: the session must be
 * live and the user active, and the role is the one on record now (a demoted admin loses admin
 * routes at once, not when the token expires).
 */
@Injectable()
export class IdentityTokenVerifier extends AccessTokenVerifier {
  constructor(
    private readonly keys: KeyStore,
    private readonly sessions: SessionsService,
  ) {
    super();
  }

  async verify(token: string): Promise<AuthUser> {
    const claims = await this.keys.verifyAccessToken(token);
    const user = await this.sessions.isActive(claims.sid);
    if (!user || user.id !== claims.sub) throw invalidToken();
    return { id: user.id, role: user.role, email: user.email, sid: claims.sid };
  }
}
