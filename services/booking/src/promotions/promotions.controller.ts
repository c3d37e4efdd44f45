import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { PriceBreakdown, PromoCodeDto, PromoCodePage, PromoRedemptionPage } from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, RateLimit, Roles } from '@khidma/nest-kit';
import { BOOKING_LIMITS } from '../http/rate-limits.js';
import { CheckPromoCodeDto, CreatePromoCodeDto, PromoCodeListQuery } from './dto/promotions.dto.js';
import { PromotionsService } from './promotions.service.js';

/** The admin's promo codes; the role comes from the verified access token only. */
@Roles('admin')
@Controller('admin/promo-codes')
export class AdminPromoCodesController {
  constructor(private readonly promotions: PromotionsService) {}

  @Post()
  @Answers(201, 'PromoCodeDto')
  @ApiForbiddenResponse({ description: 'The caller is not an admin' })
  create(@CurrentUser() admin: AuthUser, @Body() dto: CreatePromoCodeDto): Promise<PromoCodeDto> {
    return this.promotions.create(admin, dto);
  }

  @Get()
  @Answers(200, 'PromoCodePage')
  @ApiForbiddenResponse({ description: 'The caller is not an admin' })
  list(@Query() query: PromoCodeListQuery): Promise<PromoCodePage> {
    return this.promotions.list(query);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @Answers(200, 'PromoCodeDto')
  @ApiNotFoundResponse({ description: 'No such promo code' })
  deactivate(@CurrentUser() admin: AuthUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<PromoCodeDto> {
    return this.promotions.deactivate(admin, id);
  }

  @Get(':id/redemptions')
  @Answers(200, 'PromoRedemptionPage')
  @ApiNotFoundResponse({ description: 'No such promo code' })
  redemptions(@Param('id', new ParseUUIDPipe()) id: string, @Query() query: PromoCodeListQuery): Promise<PromoRedemptionPage> {
    return this.promotions.redemptions(id, query);
  }
}

/** The client's side: preview a code on their own booking before paying. */
@Controller('promotions')
export class PromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  @Post('check')
  @HttpCode(200)
  @Answers(200, 'PriceBreakdown')
  @ApiNotFoundResponse({ description: 'promo_not_found, or a booking that is not the caller’s' })
  @ApiUnprocessableEntityResponse({ description: 'The code does not apply (promo_* code)' })
  @RateLimit(...BOOKING_LIMITS.promoCheck)
  check(@CurrentUser() user: AuthUser, @Body() dto: CheckPromoCodeDto): Promise<PriceBreakdown> {
    return this.promotions.check(user, dto);
  }
}
