import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../audit/admin-audit.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { ProviderPortalModule } from '../provider-portal/provider-portal.module.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

@Module({
  // Bookings' transaction runner and clock (one SQLite write queue, one "now"); the provider's own profile.
  imports: [BookingsModule, ProviderPortalModule, AdminAuditModule],
  controllers: [ReviewsController],
  providers: [ReviewsService],
})
export class ReviewsModule {}
