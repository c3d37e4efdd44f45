import { Body, Controller, Get, Headers, HttpCode, NotFoundException, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import type {
  AdminBookingsPage,
  AdminProvidersPage,
  AdminServicesPage,
  BookingAdminStats,
  MeResponse,
  ModerationResponse,
  PendingApprovalsResponse,
} from '@khidma/contracts';
import { Answers, type AuthUser, CurrentUser, Roles } from '@khidma/nest-kit';
import { AccountModerationService } from './account-moderation.service.js';
import { AdminService } from './admin.service.js';
import { AdminBookingsQuery, AdminProvidersQuery, AdminServicesQuery, ApproveProviderDto, ApproveServiceDto, UpdateAccountDto } from './dto/admin.dto.js';
import { ProviderReviewService } from './provider-review.service.js';
import { ServiceModerationService } from './service-moderation.service.js';

/**
 * The admin panel's API. The role comes from the verified access token only: no header a client
 * sends (X-Is-Admin-Email, x-khidma-*) is read here.
 */
@Roles('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly providerReview: ProviderReviewService,
    private readonly serviceModeration: ServiceModerationService,
    private readonly accounts: AccountModerationService,
  ) {}

  @Get('pending-approvals')
  @Answers(200, 'PendingApprovalsResponse')
  pendingApprovals(): Promise<PendingApprovalsResponse> {
    return this.admin.pendingApprovals();
  }

  /** The guard let only a bearer token through, so `authorization` is the admin's own, passed to identity. */
  @Post('approve-provider')
  @Answers(200, 'ModerationResponse')
  @HttpCode(200)
  approveProvider(
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization: string,
    @Body() dto: ApproveProviderDto,
  ): Promise<ModerationResponse> {
    return this.providerReview.decide(user, authorization, dto);
  }

  @Post('approve-service')
  @Answers(200, 'ModerationResponse')
  @HttpCode(200)
  approveService(@CurrentUser() user: AuthUser, @Body() dto: ApproveServiceDto): Promise<ModerationResponse> {
    return this.serviceModeration.decide(user, dto);
  }

  /**
   * Role and activation of an account (the gateway routes the public path here, not to identity):
   * identity applies it, the audit log records it. `authorization` is the admin's own, as above.
   */
  @Patch('users/:id')
  @Answers(200, 'MeResponse')
  updateAccount(
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization: string,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException({ code: 'not_found', message: 'User not found' }) })) id: string,
    @Body() dto: UpdateAccountDto,
  ): Promise<MeResponse> {
    return this.accounts.update(user, authorization, id, dto);
  }

  /** Booking's figures; the gateway's public `/api/admin/stats` adds `totalUsers` from identity. */
  @Get('stats')
  @Answers(200, 'BookingAdminStats')
  stats(): Promise<BookingAdminStats> {
    return this.admin.stats();
  }

  @Get('providers')
  @Answers(200, 'AdminProvidersPage')
  providers(@Query() query: AdminProvidersQuery): Promise<AdminProvidersPage> {
    return this.admin.providers(query);
  }

  @Get('services')
  @Answers(200, 'AdminServicesPage')
  services(@Query() query: AdminServicesQuery): Promise<AdminServicesPage> {
    return this.admin.services(query);
  }

  @Get('bookings')
  @Answers(200, 'AdminBookingsPage')
  bookings(@Query() query: AdminBookingsQuery): Promise<AdminBookingsPage> {
    return this.admin.bookings(query);
  }
}
