import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { clientIp, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import passport from 'passport';
import type { IdentityConfig } from '../../config.js';
import type { SignedIn } from '../auth.service.js';
import { GOOGLE_STATE_COOKIE, GoogleService, GoogleSignInError } from './google.service.js';

type Verified = (error: unknown, signedIn?: SignedIn) => void;

/**
 * The callback half of an OpenID Connect sign-in as a Passport strategy. Not openid-client's own
 * Strategy: it keeps the transaction in a server session (we keep a signed cookie), discovers the
 * issuer when constructed (identity would not boot while Google is down), skips state and nonce when
 * the issuer supports PKCE (we check all three) and answers failures with Express redirects (the
 * popup must get its page). The exchange and checks themselves stay in GoogleService.finish.
 */
class OidcCallbackStrategy extends passport.Strategy {
  constructor(
    override readonly name: string,
    private readonly verify: (request: FastifyRequest, done: Verified) => void,
  ) {
    super();
  }

  // Passport's types name Express' request; behind Nest's Fastify adapter it is Fastify's.
  override authenticate(request: object) {
    // A refused sign-in is a Passport failure carrying its reason; anything else is an error.
    this.verify(request as FastifyRequest, (error, signedIn) =>
      error instanceof GoogleSignInError ? this.fail(error) : error ? this.error(error) : this.success(signedIn!),
    );
  }
}

/**
 * Google sign-in's callback strategy. Passport's registry is process-wide and tests run several
 * identity apps (each with its own issuer and keys) in one process, so each app registers its own
 * under a unique name, as nest-kit's AccessTokenStrategy does, and removes it when the app closes.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(OidcCallbackStrategy) implements OnModuleDestroy {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly google: GoogleService,
  ) {
    super(`google:${randomUUID()}`);
  }

  validate(request: FastifyRequest): Promise<SignedIn> {
    return this.google.finish((request.raw.url ?? '').split('?')[1] ?? '', request.cookies[GOOGLE_STATE_COOKIE], {
      ip: clientIp(request, this.config.TRUSTED_PROXIES),
      userAgent: request.headers['user-agent'],
    });
  }

  onModuleDestroy() {
    passport.unuse(this.name);
  }
}
