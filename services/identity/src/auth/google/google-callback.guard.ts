import { Injectable, Logger } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { SignedIn } from '../auth.service.js';
import { GoogleSignInError } from './google.service.js';
import { GoogleStrategy } from './google.strategy.js';

/**
 * Passport's AuthGuard over this app's GoogleStrategy (registered under a per-app name). Every
 * outcome other than a session leaves as a GoogleSignInError, which the callback's filter turns into
 * the popup page: the popup must always report back to its opener, never get a JSON error.
 */
@Injectable()
export class GoogleCallbackGuard extends AuthGuard() {
  private readonly logger = new Logger('GoogleSignIn');

  constructor(strategy: GoogleStrategy) {
    super({ defaultStrategy: strategy.name, session: false });
  }

  override handleRequest<TUser = SignedIn>(error: unknown, signedIn: TUser | false, failure: unknown): TUser {
    if (signedIn) return signedIn;
    if (failure instanceof GoogleSignInError) throw failure;
    if (error) this.logger.error(`Google sign-in could not finish: ${(error as Error).message}`);
    throw new GoogleSignInError('failed');
  }
}
