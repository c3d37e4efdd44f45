import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@khidma/contracts';
import { SERVICE_CONFIG } from '@khidma/nest-kit';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { DataSource } from 'typeorm';
import type { IdentityConfig } from '../../config.js';
import { KeyStore } from '../../keys/key-store.js';
import { normalizeEmail, User } from '../../users/entities/user.entity.js';
import { AuthService, type SignedIn } from '../auth.service.js';
import type { ClientMeta } from '../sessions.service.js';
import { SessionsService } from '../sessions.service.js';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
/** Audience of the signed state cookie: it is good for the Google callback and nothing else. */
const STATE_AUDIENCE = 'khidma-google-callback';
export const GOOGLE_STATE_TTL_SECONDS = 10 * 60;
/** The cookie that carries the signed transaction from the start route to the callback. */
export const GOOGLE_STATE_COOKIE = 'khidma_google';

/** Why a Google sign-in did not end in a session; the popup posts it as `error`. */
export class GoogleSignInError extends Error {
  constructor(readonly code: 'cancelled' | 'failed' | 'account_disabled' | 'google_not_configured') {
    super(code);
  }
}

export interface GoogleTransaction {
  state: string;
  nonce: string;
  verifier: string;
}

/**
 * Google sign-in as OpenID Connect: authorization code + PKCE (S256), state and nonce. The ID token
 * is verified against the issuer's JWKS (signature, iss, aud, exp, nonce) before anything is trusted.
 */
@Injectable()
export class GoogleService {
  private readonly logger = new Logger('GoogleSignIn');
  private discovered?: Promise<{ config: oidc.Configuration; keys: JWTVerifyGetKey }>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly keys: KeyStore,
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  get redirectUri(): string {
    return `${this.config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;
  }

  /** The issuer's metadata, fetched once (again after a failure). */
  private issuer() {
    this.discovered ??= (async () => {
      const issuer = new URL(this.config.GOOGLE_ISSUER);
      const config = await oidc.discovery(
        issuer,
        this.config.GOOGLE_CLIENT_ID!,
        undefined,
        oidc.ClientSecretPost(this.config.GOOGLE_CLIENT_SECRET!),
        // Plain http only for a local issuer (development and tests); Google itself is https.
        issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error('The issuer publishes no jwks_uri');
      return { config, keys: createRemoteJWKSet(new URL(jwksUri)) };
    })().catch((error: unknown) => {
      this.discovered = undefined;
      throw error;
    });
    return this.discovered;
  }

  /** Where the popup goes, and the signed transaction to keep in a cookie until the callback. */
  async start(): Promise<{ url: string; transaction: string }> {
    const { config } = await this.issuer();
    const txn: GoogleTransaction = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(txn.verifier),
      code_challenge_method: 'S256',
      state: txn.state,
      nonce: txn.nonce,
      prompt: 'select_account',
    });
    const transaction = await this.keys.signInternal({ ...txn }, STATE_AUDIENCE, GOOGLE_STATE_TTL_SECONDS);
    return { url: url.href, transaction };
  }

  /** Exchanges the code, verifies the ID token, links or creates the account and starts a session. */
  async finish(query: string, transactionCookie: string | undefined, meta: ClientMeta): Promise<SignedIn> {
    if (!this.enabled) throw new GoogleSignInError('google_not_configured');
    const params = new URLSearchParams(query);
    const error = params.get('error');
    if (error) throw new GoogleSignInError(error === 'access_denied' ? 'cancelled' : 'failed');
    if (!transactionCookie) throw new GoogleSignInError('failed');
    let claims: JWTPayload;
    try {
      const txn = (await this.keys.verifyInternal(transactionCookie, STATE_AUDIENCE)) as unknown as GoogleTransaction;
      const { config, keys } = await this.issuer();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(`${this.redirectUri}?${query}`), {
        pkceCodeVerifier: txn.verifier,
        expectedState: txn.state,
        expectedNonce: txn.nonce,
        idTokenExpected: true,
      });
      ({ payload: claims } = await jwtVerify(tokens.id_token!, keys, {
        issuer: config.serverMetadata().issuer,
        audience: this.config.GOOGLE_CLIENT_ID,
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      }));
      if (claims.nonce !== txn.nonce) throw new Error('nonce mismatch');
    } catch (cause) {
      this.logger.warn(`Google sign-in refused: ${(cause as Error).message}`);
      throw new GoogleSignInError('failed');
    }
    const user = await this.linkOrCreate(claims);
    return this.auth.startSession(user, meta);
  }

  /**
   * The account for a Google identity: already linked by `sub`; else the account with that e-mail,
   * linked only when Google says the address is verified (else anyone could claim it); else a new one.
   */
  private async linkOrCreate(claims: JWTPayload): Promise<User> {
    const subject = claims.sub!;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (typeof claims.email !== 'string') throw new GoogleSignInError('failed');
    const email = normalizeEmail(claims.email);
    let disownedPassword: string | undefined;
    const user = await this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(User);
      let user = (await users.findOneBy({ googleSubject: subject })) ?? (await users.findOneBy({ email }));
      if (user && user.googleSubject !== subject) {
        if (!verified || user.googleSubject) throw new GoogleSignInError('failed');
        const changes: Partial<User> = { googleSubject: subject };
        if (!user.emailVerifiedAt) {
          // Whoever set this account's password never proved the address: the verified owner takes
          // over, and that password and its sessions end (pre-hijacking defence).
          changes.emailVerifiedAt = new Date();
          changes.passwordHash = null;
          disownedPassword = user.id;
        }
        await users.update(user.id, changes);
        user = { ...user, ...changes };
      }
      if (!user) {
        const id = randomUUID();
        await users.insert({
          id,
          email,
          googleSubject: subject,
          emailVerifiedAt: verified ? new Date() : null,
          firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 100) : '',
          lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 100) : '',
          profileImageUrl: typeof claims.picture === 'string' && claims.picture.length <= 2048 ? claims.picture : null,
          language: DEFAULT_LANGUAGE,
        });
        user = await users.findOneByOrFail({ id });
      }
      if (!user.isActive) throw new GoogleSignInError('account_disabled');
      return this.auth.promoteIfAdmin(manager, user);
    });
    if (disownedPassword) await this.sessions.revokeAllOf(disownedPassword);
    return user;
  }
}
