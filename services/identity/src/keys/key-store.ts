import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { type AccessTokenClaims, type JsonWebKeySet, JWT_AUDIENCE, JWT_ISSUER } from '@khidma/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, SERVICE_CONFIG, verifyAccessToken } from '@khidma/nest-kit';
import {
  createLocalJWKSet,
  importJWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { IdentityConfig } from '../config.js';
import {
  generateSigningKey,
  keyFilePath,
  keysInUse,
  parseKeys,
  publicJwk,
  readKeyFile,
  SIGNING_ALG,
  type StoredKey,
  writeKeyFile,
} from './signing-keys.js';

/** How often a running identity looks for a rotated key file (every replica picks it up). */
const RELOAD_CHECK_MS = 10_000;

/**
 * Identity's signing keys: from JWT_PRIVATE_JWKS (production) or DATA_DIR/keys, generated there on
 * first start (development). The newest key signs; older ones stay published while their tokens can
 * still be valid. Identity verifies its own tokens here, without an HTTP call to itself.
 */
@Injectable()
export class KeyStore implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('KeyStore');
  private signer!: { kid: string; key: Awaited<ReturnType<typeof importJWK>> };
  private published!: JsonWebKeySet;
  private keySet!: JWTVerifyGetKey;
  private fileMtime = 0;
  private timer?: NodeJS.Timeout;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: IdentityConfig) {}

  async onModuleInit() {
    if (this.config.JWT_PRIVATE_JWKS) {
      await this.use(parseKeys(this.config.JWT_PRIVATE_JWKS, 'JWT_PRIVATE_JWKS'));
      return;
    }
    const path = keyFilePath(this.config.DATA_DIR);
    let keys = await readKeyFile(path);
    if (!keys) {
      keys = [await generateSigningKey()];
      await writeKeyFile(path, keys);
      this.logger.log(`Generated a signing key in ${path}`);
    }
    this.fileMtime = (await stat(path)).mtimeMs;
    await this.use(keys);
    this.timer = setInterval(() => void this.reloadIfChanged(path), RELOAD_CHECK_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  private async reloadIfChanged(path: string) {
    try {
      const { mtimeMs } = await stat(path);
      if (mtimeMs === this.fileMtime) return;
      const keys = await readKeyFile(path);
      if (!keys) return;
      this.fileMtime = mtimeMs;
      await this.use(keys);
      this.logger.log(`Reloaded signing keys; ${this.signer.kid} signs`);
    } catch (error) {
      this.logger.warn(`Could not reload signing keys: ${(error as Error).message}`);
    }
  }

  private async use(keys: StoredKey[]) {
    const inUse = keysInUse(keys);
    const newest = inUse[inUse.length - 1]!;
    this.signer = { kid: newest.kid, key: await importJWK(newest, SIGNING_ALG) };
    this.published = { keys: inUse.map(publicJwk) };
    this.keySet = createLocalJWKSet(this.published);
  }

  jwks(): JsonWebKeySet {
    return this.published;
  }

  async signAccessToken(claims: Pick<AccessTokenClaims, 'sub' | 'role' | 'email' | 'sid' | 'email_verified'>): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.signer.kid, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.signer.key);
  }

  verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    return verifyAccessToken(token, this.keySet);
  }

  /** A short-lived token for identity alone (e.g. the Google sign-in state), never an access token. */
  signInternal(payload: JWTPayload, audience: string, ttlSeconds: number): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.signer.kid })
      .setIssuer(JWT_ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.signer.key);
  }

  async verifyInternal(token: string, audience: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.keySet, { algorithms: [SIGNING_ALG], issuer: JWT_ISSUER, audience });
    return payload;
  }
}
