import { type DynamicModule, Module } from '@nestjs/common';
import { AccessTokenVerifier, authGuardProviders, OutboxModule, RedisSessionRevocations } from '@khidma/nest-kit';
import { AdminUsersController } from '../admin/admin-users.controller.js';
import type { IdentityConfig } from '../config.js';
import { JwksController } from '../keys/jwks.controller.js';
import { KeyStore } from '../keys/key-store.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { GoogleController } from './google/google.controller.js';
import { GoogleService } from './google/google.service.js';
import { GoogleStrategy } from './google/google.strategy.js';
import { IdentityTokenVerifier } from './identity-token-verifier.js';
import { LoginLimiter } from './login-limiter.js';
import { OneTimeTokensService } from './one-time-tokens.service.js';
import { SessionsService } from './sessions.service.js';

/** Accounts: sign-up and sign-in, sessions, e-mailed tokens, Google, keys, the admin user list. */
@Module({})
export class AuthModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [UsersModule, OutboxModule],
      controllers: [AuthController, GoogleController, JwksController, AdminUsersController],
      providers: [
        KeyStore,
        SessionsService,
        OneTimeTokensService,
        LoginLimiter,
        AuthService,
        GoogleService,
        GoogleStrategy,
        // With Redis, revocations are also written there for the other services' guards.
        ...(config.REDIS_URL
          ? [{ provide: RedisSessionRevocations, useFactory: () => new RedisSessionRevocations(config.REDIS_URL!, config.QUEUE_PREFIX) }]
          : []),
        IdentityTokenVerifier,
        { provide: AccessTokenVerifier, useExisting: IdentityTokenVerifier },
        ...authGuardProviders,
      ],
    };
  }
}
