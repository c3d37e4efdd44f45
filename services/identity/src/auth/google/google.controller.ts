import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { GoogleConfigResponse, GooglePopupMessage } from '@khidma/contracts';
import { clientIp, Public, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../../config.js';
import { setRefreshCookie } from '../refresh-cookie.js';
import { googlePopupPage } from './google-popup-page.js';
import { GOOGLE_STATE_TTL_SECONDS, GoogleService, GoogleSignInError } from './google.service.js';

const STATE_COOKIE = 'khidma_google';
const STATE_COOKIE_PATH = '/api/auth/google';

@Public()
@Controller('auth/google')
export class GoogleController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly google: GoogleService,
  ) {}

  private cookieOptions() {
    // Lax, not Strict: the callback arrives as a top-level navigation from Google's site.
    return { httpOnly: true, sameSite: 'lax' as const, path: STATE_COOKIE_PATH, secure: this.config.PUBLIC_URL.startsWith('https:') };
  }

  private page(reply: FastifyReply, message: GooglePopupMessage) {
    const { html, headers } = googlePopupPage(message, this.config.PUBLIC_URL);
    return reply.code(200).headers(headers).send(html);
  }

  @Get('config')
  configuration(): GoogleConfigResponse {
    return { enabled: this.google.enabled };
  }

  @Get('start')
  async start(@Res() reply: FastifyReply) {
    if (!this.google.enabled) {
      return reply.code(501).send({ statusCode: 501, code: 'google_not_configured', message: 'Google sign-in is not configured' });
    }
    try {
      const { url, transaction } = await this.google.start();
      void reply.setCookie(STATE_COOKIE, transaction, { ...this.cookieOptions(), maxAge: GOOGLE_STATE_TTL_SECONDS });
      return reply.redirect(url, 302);
    } catch {
      // The issuer cannot be reached: the popup is already open, so it tells the opener itself.
      return this.page(reply, { type: 'khidma:google-sign-in', ok: false, error: 'failed' });
    }
  }

  @Get('callback')
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const message: GooglePopupMessage = { type: 'khidma:google-sign-in', ok: false };
    void reply.clearCookie(STATE_COOKIE, this.cookieOptions());
    if (!this.google.enabled) return this.page(reply, { ...message, error: 'google_not_configured' });
    const query = (request.raw.url ?? '').split('?')[1] ?? '';
    try {
      const signedIn = await this.google.finish(query, request.cookies[STATE_COOKIE], {
        ip: clientIp(request, this.config.TRUSTED_PROXIES),
        userAgent: request.headers['user-agent'],
      });
      setRefreshCookie(reply, this.config, signedIn.refreshToken);
      return this.page(reply, { ...message, ok: true });
    } catch (error) {
      // Whatever went wrong, the popup must still report back to its opener (and close).
      return this.page(reply, { ...message, error: error instanceof GoogleSignInError ? error.code : 'failed' });
    }
  }
}
