import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type {
  AvailabilityResponse,
  BookingDto,
  BookingListResponse,
  CancelBookingResponse,
  CancelFollowingResponse,
  CreateBookingResponse,
  ProviderMoveResponse,
} from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, Public, RateLimit } from '@khidma/nest-kit';
import type { FastifyRequest } from 'fastify';
import { BOOKING_LIMITS } from '../http/rate-limits.js';
import { BookingsService } from './bookings.service.js';
import { emailVerified } from './email-verified.js';
import { AvailabilityQuery, CancelBookingDto, ClientBookingsQuery, CreateBookingDto, DeclineBookingDto, RescheduleBookingDto } from './dto/booking.dto.js';

/** Every route but availability needs a signed-in caller (global guard); the service checks who. */
@Controller('bookings')
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

  @Post('create')
  @Answers(201, 'CreateBookingResponse')
  @RateLimit(...BOOKING_LIMITS.bookingCreate)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateBookingDto, @Req() request: FastifyRequest): Promise<CreateBookingResponse> {
    return this.bookings.create(user, dto, emailVerified(request));
  }

  /** Public: the booking form shows free times before sign-in. */
  @Public()
  @Get('availability')
  @Answers(200, 'AvailabilityResponse')
  availability(@CurrentUser() user: AuthUser | undefined, @Query() query: AvailabilityQuery): Promise<AvailabilityResponse> {
    return this.bookings.availability(user, query);
  }

  @Get('client/:userId')
  @Answers(200, 'BookingListResponse')
  listForClient(@CurrentUser() user: AuthUser, @Param('userId') userId: string, @Query() query: ClientBookingsQuery): Promise<BookingListResponse> {
    return this.bookings.listForClient(user, userId, query);
  }

  @Get(':id')
  @Answers(200, 'BookingDto')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<BookingDto> {
    return this.bookings.get(user, id);
  }

  @Post(':id/cancel')
  @Answers(200, 'CancelBookingResponse')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CancelBookingDto): Promise<CancelBookingResponse> {
    return this.bookings.cancel(user, id, dto.cancellationReason, dto.refundTo);
  }

  /** A series occurrence: cancel it and every later pending/accepted occurrence of the series. */
  @Post(':id/cancel-following')
  @Answers(200, 'CancelFollowingResponse')
  @HttpCode(200)
  cancelFollowing(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CancelBookingDto): Promise<CancelFollowingResponse> {
    return this.bookings.cancelFollowing(user, id, dto.cancellationReason, dto.refundTo);
  }

  @Post(':id/reschedule')
  @Answers(200, 'BookingDto')
  @HttpCode(200)
  reschedule(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: RescheduleBookingDto): Promise<BookingDto> {
    return this.bookings.reschedule(user, id, dto);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @Answers(200, 'ProviderMoveResponse')
  accept(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ProviderMoveResponse> {
    return this.bookings.transition(user, id, 'accept');
  }

  @Post(':id/decline')
  @HttpCode(200)
  @Answers(200, 'ProviderMoveResponse')
  decline(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: DeclineBookingDto): Promise<ProviderMoveResponse> {
    return this.bookings.transition(user, id, 'decline', dto.reason);
  }

  @Post(':id/start')
  @HttpCode(200)
  @Answers(200, 'ProviderMoveResponse')
  start(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ProviderMoveResponse> {
    return this.bookings.transition(user, id, 'start');
  }

  @Post(':id/complete')
  @HttpCode(200)
  @Answers(200, 'ProviderMoveResponse')
  complete(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ProviderMoveResponse> {
    return this.bookings.transition(user, id, 'complete');
  }
}
