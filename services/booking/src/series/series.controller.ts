import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { CreateSeriesResponse, SeriesPreviewResponse } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, RateLimit } from '@khidma/nest-kit';
import type { FastifyRequest } from 'fastify';
import { emailVerified } from '../bookings/email-verified.js';
import { BOOKING_LIMITS } from '../http/rate-limits.js';
import { CreateSeriesDto, SeriesPlanDto } from './dto/series.dto.js';
import { SeriesService } from './series.service.js';

/**
 * Recurring bookings, for a signed-in client: preview the plan (conflicts and alternatives, nothing
 * stored), then create it with a resolution for each conflict. docs/bookings.md "Recurring bookings".
 */
@Controller('bookings/series')
export class SeriesController {
  constructor(private readonly series: SeriesService) {}

  @Post('preview')
  @HttpCode(200)
  @RateLimit(...BOOKING_LIMITS.seriesPreview)
  @Answers(200, 'SeriesPreviewResponse')
  preview(@Body() dto: SeriesPlanDto): Promise<SeriesPreviewResponse> {
    return this.series.preview(dto);
  }

  @Post('create')
  @Answers(201, 'CreateSeriesResponse')
  @RateLimit(...BOOKING_LIMITS.bookingCreate)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateSeriesDto, @Req() request: FastifyRequest): Promise<CreateSeriesResponse> {
    return this.series.create(user, dto, emailVerified(request));
  }
}
