import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import type { BookingDisputeResponse, DisputeDto, DisputeListResponse } from '@khidma/contracts';
import { Answers, AnswersMedia, type AuthUser, CurrentUser, Roles } from '@khidma/nest-kit';
import type { FastifyReply } from 'fastify';
import { bookingNotFound } from '../bookings/bookings.service.js';
import { sendStoredImage } from '../http/stored-image.js';
import { ALLOWED_IMAGE_TYPES } from '../provider-applications/document-images.js';
import { disputeNotFound, DisputesService } from './disputes.service.js';
import { AdminDisputesQuery, DecideDisputeDto, DisputeReplyDto, OpenDisputeDto } from './dto/dispute.dto.js';

const bookingId = () => new ParseUUIDPipe({ exceptionFactory: bookingNotFound });
const disputeId = () => new ParseUUIDPipe({ exceptionFactory: disputeNotFound });

/**
 * Disputes after a job (docs/disputes.md). Every route needs a signed-in caller; the service checks
 * who: the booking's client opens, client and provider write, admins decide (role from the token).
 */
@Controller()
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Get('bookings/:id/dispute')
  @Answers(200, 'BookingDisputeResponse')
  forBooking(@CurrentUser() user: AuthUser, @Param('id', bookingId()) id: string): Promise<BookingDisputeResponse> {
    return this.disputes.forBooking(user, id);
  }

  @Post('bookings/:id/dispute')
  @Answers(201, 'DisputeDto')
  @HttpCode(201)
  open(@CurrentUser() user: AuthUser, @Param('id', bookingId()) id: string, @Body() dto: OpenDisputeDto): Promise<DisputeDto> {
    return this.disputes.open(user, id, dto);
  }

  @Get('disputes/:id')
  @Answers(200, 'DisputeDto')
  get(@CurrentUser() user: AuthUser, @Param('id', disputeId()) id: string): Promise<DisputeDto> {
    return this.disputes.get(user, id);
  }

  @Post('disputes/:id/messages')
  @Answers(201, 'DisputeDto')
  @HttpCode(201)
  reply(@CurrentUser() user: AuthUser, @Param('id', disputeId()) id: string, @Body() dto: DisputeReplyDto): Promise<DisputeDto> {
    return this.disputes.reply(user, id, dto);
  }

  /** Evidence: never cached, never sniffed into something else (as chat photos). */
  @Get('disputes/:id/photos/:photoId')
  @AnswersMedia(200, [...ALLOWED_IMAGE_TYPES], 'The photo, as the type its bytes were sniffed as on upload')
  async photo(
    @CurrentUser() user: AuthUser,
    @Param('id', disputeId()) id: string,
    @Param('photoId', disputeId()) photoId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendStoredImage(reply, await this.disputes.photo(user, id, photoId), 'private, no-store');
  }

  @Roles('provider')
  @Get('provider/disputes')
  @Answers(200, 'DisputeListResponse')
  forProvider(@CurrentUser() user: AuthUser): Promise<DisputeListResponse> {
    return this.disputes.forProvider(user);
  }
}

@Roles('admin')
@Controller('admin/disputes')
export class AdminDisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Get()
  @Answers(200, 'DisputeListResponse')
  list(@Query() query: AdminDisputesQuery): Promise<DisputeListResponse> {
    return this.disputes.forAdmin(query.status);
  }

  @Post(':id/decide')
  @Answers(200, 'DisputeDto')
  @HttpCode(200)
  decide(@CurrentUser() user: AuthUser, @Param('id', disputeId()) id: string, @Body() dto: DecideDisputeDto): Promise<DisputeDto> {
    return this.disputes.decide(user, id, dto);
  }
}
