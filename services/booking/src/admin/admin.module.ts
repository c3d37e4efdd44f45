import { Module } from '@nestjs/common';
import { OutboxModule } from '@khidma/nest-kit';
import { AdminAuditModule } from '../audit/admin-audit.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { ProviderApplicationsModule } from '../provider-applications/provider-applications.module.js';
import { ProviderPortalModule } from '../provider-portal/provider-portal.module.js';
import { AccountModerationService } from './account-moderation.service.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { IdentityAccounts } from './identity-accounts.js';
import { ProviderReviewService } from './provider-review.service.js';
import { ServiceModerationService } from './service-moderation.service.js';

@Module({
  // Bookings' transaction runner and clock (one SQLite write queue, one "now"); the portal's ServiceReview.
  imports: [OutboxModule, BookingsModule, ProviderPortalModule, ProviderApplicationsModule, AdminAuditModule],
  controllers: [AdminController],
  providers: [AdminService, ProviderReviewService, ServiceModerationService, AccountModerationService, IdentityAccounts],
})
export class AdminModule {}
