import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import type { BookingReviewResponse, ReviewDetailDto, ReviewListResponse, ServiceReviewsResponse } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, Public, Roles } from '@khidma/nest-kit';
import { AdminReviewsQuery, CreateReviewDto, HideReviewDto, ReplyToReviewDto, ReviewPageQuery, UpdateReviewDto } from './dto/review.dto.js';
import { ReviewsService } from './reviews.service.js';

/**
 * Reviews of completed bookings (docs/reviews.md). The list of a service is public; every other
 * route needs a signed-in caller (global guard) and the service checks who: the booking's client
 * writes and edits, its provider replies, admins hide.
 */
@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Public()
  @Get('services/:id/reviews')
  @Answers(200, 'ServiceReviewsResponse')
  forService(@Param('id', new ParseUUIDPipe()) id: string, @Query() query: ReviewPageQuery): Promise<ServiceReviewsResponse> {
    return this.reviews.forService(id, query);
  }

  @Get('bookings/:id/review')
  @Answers(200, 'BookingReviewResponse')
  forBooking(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<BookingReviewResponse> {
    return this.reviews.forBooking(user, id);
  }

  @Post('bookings/:id/review')
  @Answers(201, 'ReviewDetailDto')
  create(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: CreateReviewDto): Promise<ReviewDetailDto> {
    return this.reviews.create(user, id, dto);
  }

  @Patch('reviews/:id')
  @Answers(200, 'ReviewDetailDto')
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: UpdateReviewDto): Promise<ReviewDetailDto> {
    return this.reviews.update(user, id, dto);
  }

  @Post('reviews/:id/reply')
  @Answers(200, 'ReviewDetailDto')
  @HttpCode(200)
  reply(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: ReplyToReviewDto): Promise<ReviewDetailDto> {
    return this.reviews.reply(user, id, dto);
  }

  @Roles('provider')
  @Get('provider/reviews')
  @Answers(200, 'ReviewListResponse')
  forProvider(@CurrentUser() user: AuthUser, @Query() query: ReviewPageQuery): Promise<ReviewListResponse> {
    return this.reviews.forProvider(user, query);
  }

  @Roles('admin')
  @Get('admin/reviews')
  @Answers(200, 'ReviewListResponse')
  forAdmin(@CurrentUser() user: AuthUser, @Query() query: AdminReviewsQuery): Promise<ReviewListResponse> {
    return this.reviews.forAdmin(user, query);
  }

  @Roles('admin')
  @Patch('admin/reviews/:id/hide')
  @Answers(200, 'ReviewDetailDto')
  hide(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: HideReviewDto): Promise<ReviewDetailDto> {
    return this.reviews.hide(user, id, dto);
  }
}
