import { type ArgumentsHost, Catch, Controller, type ExceptionFilter, NotFoundException, Get, Inject, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { GoogleConfigResponse, GooglePopupMessage } from '@khidma/contracts';
import { Answers, AnswersMedia, Public, Redirects, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../../config.js';
import type { SignedIn } from '../auth.service.js';
import { setRefreshCookie } from '../refresh-cookie.js';
import { GoogleCallbackGuard } from './google-callback.guard.js';
import { googlePopupPage } from './google-popup-page.js';
import { GOOGLE_STATE_COOKIE, GOOGLE_STATE_TTL_SECONDS, GoogleService, GoogleSignInError } from './google.service.js';

const STATE_COOKIE_PATH = '/api/auth/google';

function stateCookieOptions(config: IdentityConfig) {
  // Lax, not Strict: the callback arrives as a top-level navigation from Google's site.
  return { httpOnly: true, sameSite: 'lax' as const, path: STATE_COOKIE_PATH, secure: config.PUBLIC_URL.startsWith('https:') };
}

function popupPage(reply: FastifyReply, config: IdentityConfig, message: GooglePopupMessage) {
  const { html, headers } = googlePopupPage(message, config.PUBLIC_URL);
  return reply.code(200).headers(headers).send(html);
}

/** How the callback answers, whatever the outcome: the transaction is spent, the popup reports and closes. */
function endPopup(reply: FastifyReply, config: IdentityConfig, message: Omit<GooglePopupMessage, 'type'>) {
  void reply.clearCookie(GOOGLE_STATE_COOKIE, stateCookieOptions(config));
  return popupPage(reply, config, { type: 'khidma:google-sign-in', ...message });
}

/** A refused or failed Google sign-in (from GoogleCallbackGuard) still ends on the popup page. */
@Catch(GoogleSignInError)
export class GoogleCallbackFailureFilter implements ExceptionFilter<GoogleSignInError> {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: IdentityConfig) {}

  catch(error: GoogleSignInError, host: ArgumentsHost) {
    return endPopup(host.switchToHttp().getResponse<FastifyReply>(), this.config, { ok: false, error: error.code });
  }
}

@Public()
@Controller('auth/google')
export class GoogleController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly google: GoogleService,
  ) {}

  @Get('config')
  @Answers(200, 'GoogleConfigResponse')
  configuration(): GoogleConfigResponse {
    return { enabled: this.google.enabled };
  }

  @Get('start')
  @Redirects(302, "To Google's sign-in, with the state and PKCE challenge of this attempt")
  @AnswersMedia(200, ['text/html'], 'When Google cannot be reached: the popup page that tells its opener sign-in failed')
  async start(@Res() reply: FastifyReply) {
    // A 404, not a 5xx: nothing failed, this deployment simply offers no Google sign-in.
    if (!this.google.enabled) throw new NotFoundException({ code: 'google_not_configured', message: 'Google sign-in is not configured' });
    try {
      const { url, transaction } = await this.google.start();
      void reply.setCookie(GOOGLE_STATE_COOKIE, transaction, { ...stateCookieOptions(this.config), maxAge: GOOGLE_STATE_TTL_SECONDS });
      return reply.redirect(url, 302);
    } catch {
      // The issuer cannot be reached: the popup is already open, so it tells the opener itself.
      return popupPage(reply, this.config, { type: 'khidma:google-sign-in', ok: false, error: 'failed' });
    }
  }

  /** GoogleStrategy (behind the guard) has exchanged the code and started the session. */
  @Get('callback')
  @AnswersMedia(200, ['text/html'], 'The popup page that tells its opener how sign-in ended, and closes')
  @UseGuards(GoogleCallbackGuard)
  @UseFilters(GoogleCallbackFailureFilter)
  callback(@Req() request: FastifyRequest & { user: SignedIn }, @Res() reply: FastifyReply) {
    setRefreshCookie(reply, this.config, request.user.refreshToken);
    return endPopup(reply, this.config, { ok: true });
  }
}
