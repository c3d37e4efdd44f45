import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import type { MyApplicationResponse, ProviderApplicationDto } from '@khidma/contracts';
import { Answers, AnswersMedia, type AuthUser, CurrentUser, RateLimit } from '@khidma/nest-kit';
import { BOOKING_LIMITS } from '../http/rate-limits.js';
import type { FastifyReply } from 'fastify';
import { documentNotFound } from './application-dto.js';
import { ALLOWED_IMAGE_TYPES } from './document-images.js';
import { ProviderApplicationDto as ApplyDto } from './dto/provider-application.dto.js';
import { ProviderApplicationsService } from './provider-applications.service.js';
import { sendStoredImage } from '../http/stored-image.js';

/** Every route needs a signed-in user (the global guard); which one is checked per object. */
@Controller('providers')
export class ProviderApplicationsController {
  constructor(private readonly applications: ProviderApplicationsService) {}

  /** Spec §7 sends `?force=true`; it changes nothing (the query is neither read nor refused). */
  @Post('apply')
  @Answers(201, 'ProviderApplicationDto')
  @RateLimit(...BOOKING_LIMITS.upload)
  @HttpCode(201)
  apply(@CurrentUser() user: AuthUser, @Body() dto: ApplyDto): Promise<ProviderApplicationDto> {
    return this.applications.apply(user, dto);
  }

  @Get('application')
  @Answers(200, 'MyApplicationResponse')
  mine(@CurrentUser() user: AuthUser): Promise<MyApplicationResponse> {
    return this.applications.mine(user);
  }

  /**
   * The image itself, for its applicant and admins. Fetched with a bearer token (not a cookie), so
   * the page shows it through an object URL; never cached, never sniffed into something else.
   */
  @Get('documents/:id')
  @AnswersMedia(200, [...ALLOWED_IMAGE_TYPES], 'The document image, as the type its bytes were sniffed as on upload')
  async document(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: documentNotFound })) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendStoredImage(reply, await this.applications.document(user, id), 'private, no-store');
  }
}

