import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type EntityManager, IsNull, MoreThan } from 'typeorm';
import { authErrors } from './auth-errors.js';
import { OneTimeToken, type OneTimePurpose } from './entities/one-time-token.entity.js';
import { randomToken, sha256 } from './sessions.service.js';

/** E-mailed single-use tokens: only their hash is stored; using one is a conditional update. */
@Injectable()
export class OneTimeTokensService {
  /** Issues a token in the caller's transaction (the e-mail carrying it commits with it). */
  async issue(manager: EntityManager, userId: string, purpose: OneTimePurpose, ttlMinutes: number): Promise<string> {
    const token = randomToken();
    await manager.insert(OneTimeToken, {
      id: randomUUID(),
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
      usedAt: null,
    });
    return token;
  }

  /** Marks the token used and returns its user id; invalid_token when unknown, expired, used or for another purpose. */
  async consume(manager: EntityManager, token: string, purpose: OneTimePurpose): Promise<string> {
    const tokens = manager.getRepository(OneTimeToken);
    const row = await tokens.findOneBy({ tokenHash: sha256(token), purpose });
    if (!row) throw authErrors.invalidToken();
    const used = await tokens.update(
      { id: row.id, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      { usedAt: new Date() },
    );
    if (!used.affected) throw authErrors.invalidToken();
    return row.userId;
  }
}
