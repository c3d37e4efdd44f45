import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { MeResponse, NoticeResponse, SessionActiveResponse, SessionResponse } from '@khidma/contracts';
import { Answers, type AuthUser, clientIp, CurrentUser, Public, RateLimit, SERVICE_CONFIG } from '@khidma/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.js';
import { AuthService, type SignedIn } from './auth.service.js';
import {
  DirectAdminLoginDto,
  EmailDto,
  PasswordResetConfirmDto,
  SetupAdminDto,
  SignInDto,
  SignUpDto,
  TokenDto,
} from './dto/auth.dto.js';
import { IDENTITY_LIMITS } from './rate-limits.js';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie.js';
import { SessionsService } from './sessions.service.js';
import { toUserDto } from './user-dto.js';

/** The one answer of Emergency Admin Access, whatever the address: it is no oracle. */
export const ADMIN_LINK_ACCEPTED: NoticeResponse = { message: 'If this address belongs to the admin account, a sign-in link is on its way.' };

@Controller('auth')
export class AuthController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  private meta(request: FastifyRequest) {
    return { ip: clientIp(request, this.config.TRUSTED_PROXIES), userAgent: request.headers['user-agent'] };
  }

  private reply(reply: FastifyReply, signedIn: SignedIn): SessionResponse {
    setRefreshCookie(reply, this.config, signedIn.refreshToken);
    return signedIn.response;
  }

  private async me(userId: string): Promise<MeResponse> {
    return { user: toUserDto(await this.auth.user(userId)) };
  }

  @Public()
  @Post('signup')
  @Answers(201, 'SessionResponse')
  @RateLimit(...IDENTITY_LIMITS.signUp)
  async signUp(@Body() body: SignUpDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.reply(reply, await this.auth.signUp(body, this.meta(request)));
  }

  @Public()
  @Post('login')
  @Answers(200, 'SessionResponse')
  @RateLimit(...IDENTITY_LIMITS.signIn)
  @HttpCode(200)
  async signIn(@Body() body: SignInDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.reply(reply, await this.auth.signIn(body.email, body.password, this.meta(request)));
  }

  /**
   * 200 with a new session, 204 for a visitor who never signed in (no cookie: nothing to refresh is an
   * answer, not an error, and browsers log every 4xx of a page load), 401 for a cookie that is no good.
   * The reply is sent here because the status depends on the request.
   */
  @Public()
  @Post('refresh')
  @Answers(200, 'SessionResponse')
  @Answers(204, undefined, 'No refresh cookie: nobody is signed in')
  async refresh(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const token = refreshCookieOf(request);
    if (!token) return reply.code(204).send();
    try {
      return reply.code(200).send(this.reply(reply, await this.auth.refresh(token, this.meta(request))));
    } catch (error) {
      clearRefreshCookie(reply, this.config);
      throw error;
    }
  }

  @Public()
  @Post('logout')
  @Answers(204)
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = refreshCookieOf(request);
    if (token) await this.sessions.endByToken(token);
    clearRefreshCookie(reply, this.config);
  }

  @Get('me')
  @Answers(200, 'MeResponse')
  @Header('Cache-Control', 'no-store')
  currentUser(@CurrentUser() user: AuthUser): Promise<MeResponse> {
    return this.me(user.id);
  }

  /** Spec §7's name for the same call; its X-Is-Admin-Email header is ignored like any client claim. */
  @Get('me-firebase')
  @Answers(200, 'MeResponse')
  @Header('Cache-Control', 'no-store')
  currentUserAlias(@CurrentUser() user: AuthUser): Promise<MeResponse> {
    return this.me(user.id);
  }

  @Public()
  @Post('verify-email')
  @Answers(200, 'MeResponse')
  @RateLimit(...IDENTITY_LIMITS.tokenUse)
  @HttpCode(200)
  async verifyEmail(@Body() body: TokenDto): Promise<MeResponse> {
    return { user: toUserDto(await this.auth.verifyEmail(body.token)) };
  }

  @Post('verify-email/resend')
  @Answers(202, 'NoticeResponse')
  @RateLimit(...IDENTITY_LIMITS.verificationResend)
  @HttpCode(202)
  async resendVerification(@CurrentUser() user: AuthUser): Promise<NoticeResponse> {
    await this.auth.resendVerification(user.id);
    return { message: 'Verification e-mail sent.' };
  }

  @Public()
  @Post('password-reset')
  @Answers(202, 'NoticeResponse')
  @RateLimit(...IDENTITY_LIMITS.passwordReset)
  @HttpCode(202)
  async requestPasswordReset(@Body() body: EmailDto): Promise<NoticeResponse> {
    await this.auth.requestPasswordReset(body.email);
    return { message: 'If an account uses this address, a reset link is on its way.' };
  }

  @Public()
  @Post('password-reset/confirm')
  @Answers(204)
  @RateLimit(...IDENTITY_LIMITS.tokenUse)
  @HttpCode(204)
  async confirmPasswordReset(@Body() body: PasswordResetConfirmDto): Promise<void> {
    await this.auth.confirmPasswordReset(body.token, body.password);
  }

  @Post('setup-admin')
  @Answers(200, 'MeResponse')
  @HttpCode(200)
  // The body's e-mail (spec §7) is accepted and ignored: only the signed-in account's own address counts.
  async setupAdmin(@CurrentUser() user: AuthUser, @Body() _body: SetupAdminDto): Promise<MeResponse> {
    return { user: toUserDto(await this.auth.setupAdmin(user.id)) };
  }

  @Public()
  @Post('direct-admin-login')
  @Answers(202, 'NoticeResponse')
  @RateLimit(...IDENTITY_LIMITS.adminLink)
  @HttpCode(202)
  async directAdminLogin(@Body() body: DirectAdminLoginDto): Promise<NoticeResponse> {
    await this.auth.requestAdminLink(body.email);
    return ADMIN_LINK_ACCEPTED;
  }

  @Public()
  @Post('admin-link/consume')
  @Answers(200, 'SessionResponse')
  @RateLimit(...IDENTITY_LIMITS.tokenUse)
  @HttpCode(200)
  async consumeAdminLink(@Body() body: TokenDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.reply(reply, await this.auth.consumeAdminLink(body.token, this.meta(request)));
  }

  /**
   * The session check of verifiers without Redis (nest-kit's HttpSessionRevocations). It tells only
   * whether an unguessable session id, which only the token holder knows, is still live.
   */
  @Public()
  @Get('sessions/:sid/active')
  @Answers(200, 'SessionActiveResponse')
  @Header('Cache-Control', 'no-store')
  async sessionActive(@Param('sid') sid: string): Promise<SessionActiveResponse> {
    return { active: Boolean(await this.sessions.isActive(sid)) };
  }
}
