import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { ServiceConfig } from '../config/service-config.js';
import { AccessTokenVerifier, JwksAccessTokenVerifier } from './access-token.js';
import { authGuardProviders } from './jwt-auth.guard.js';
import { SessionRevocations, sessionRevocationsFor } from './session-revocations.js';

/**
 * Installs the global JwtAuthGuard (Passport) with the verifier every service but identity uses: identity's
 * JWKS plus the revocation records (Redis when the service has REDIS_URL, with identity's session
 * check while Redis is down; identity's check alone otherwise). Identity provides its own
 * AccessTokenVerifier (its key store, its database) instead.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        {
          provide: SessionRevocations,
          useFactory: () => sessionRevocationsFor(config),
        },
        {
          provide: AccessTokenVerifier,
          useFactory: (revocations: SessionRevocations) =>
            new JwksAccessTokenVerifier(config.IDENTITY_JWKS_URL, revocations),
          inject: [SessionRevocations],
        },
        ...authGuardProviders,
      ],
      exports: [AccessTokenVerifier, SessionRevocations],
    };
  }
}
