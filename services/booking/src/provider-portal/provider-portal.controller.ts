import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type {
  AvailabilityDto,
  EarningsSeriesDto,
  ProviderBookingsResponse,
  ProviderServiceDto,
  ProviderStatsDto,
} from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, RateLimit, Roles } from '@khidma/nest-kit';
import { BOOKING_LIMITS } from '../http/rate-limits.js';
import { AvailabilityBody } from './dto/availability.dto.js';
import { BookingsPeriodQuery, EarningsPeriodQuery } from './dto/period.query.js';
import { ProviderServiceBody } from './dto/provider-service.dto.js';
import { ProviderDashboardService } from './provider-dashboard.service.js';
import { ProviderServicesService } from './provider-services.service.js';

/**
 * The provider dashboard's API (spec §2, §7). Providers only: admins act through the admin routes.
 * Every route works on the caller's own provider profile (404 `provider_profile_missing` without
 * one); another provider's service answers 404 like a missing one.
 */
@Roles('provider')
@Controller('provider')
export class ProviderPortalController {
  constructor(
    private readonly services: ProviderServicesService,
    private readonly dashboard: ProviderDashboardService,
  ) {}

  @Get('services')
  @Answers(200, ['ProviderServiceDto'])
  listServices(@CurrentUser() user: AuthUser): Promise<ProviderServiceDto[]> {
    return this.services.list(user);
  }

  @Post('services')
  @Answers(201, 'ProviderServiceDto')
  @RateLimit(...BOOKING_LIMITS.upload)
  createService(@CurrentUser() user: AuthUser, @Body() body: ProviderServiceBody): Promise<ProviderServiceDto> {
    return this.services.create(user, body);
  }

  @Put('services/:id')
  @Answers(200, 'ProviderServiceDto')
  @RateLimit(...BOOKING_LIMITS.upload)
  updateService(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: ProviderServiceBody): Promise<ProviderServiceDto> {
    return this.services.update(user, id, body);
  }

  @Post('services/:id/deactivate')
  @Answers(200, 'ProviderServiceDto')
  @HttpCode(200)
  deactivateService(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ProviderServiceDto> {
    return this.services.deactivate(user, id);
  }

  @Post('services/:id/activate')
  @Answers(200, 'ProviderServiceDto')
  @HttpCode(200)
  activateService(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ProviderServiceDto> {
    return this.services.activate(user, id);
  }

  @Get('availability')
  @Answers(200, 'AvailabilityDto')
  availability(@CurrentUser() user: AuthUser): Promise<AvailabilityDto> {
    return this.services.availability(user);
  }

  @Put('availability')
  @Answers(200, 'AvailabilityDto')
  setAvailability(@CurrentUser() user: AuthUser, @Body() body: AvailabilityBody): Promise<AvailabilityDto> {
    return this.services.setAvailability(user, body);
  }

  @Get('bookings')
  @Answers(200, 'ProviderBookingsResponse')
  bookings(@CurrentUser() user: AuthUser, @Query() query: BookingsPeriodQuery): Promise<ProviderBookingsResponse> {
    return this.dashboard.bookings(user, query.period);
  }

  @Get('stats')
  @Answers(200, 'ProviderStatsDto')
  stats(@CurrentUser() user: AuthUser): Promise<ProviderStatsDto> {
    return this.dashboard.stats(user);
  }

  @Get('earnings')
  @Answers(200, 'EarningsSeriesDto')
  earnings(@CurrentUser() user: AuthUser, @Query() query: EarningsPeriodQuery): Promise<EarningsSeriesDto> {
    return this.dashboard.earnings(user, query.period);
  }
}
