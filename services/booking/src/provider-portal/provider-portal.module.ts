import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { ProviderDashboardService } from './provider-dashboard.service.js';
import { ProviderPortalController } from './provider-portal.controller.js';
import { ProviderProfiles } from './provider-profiles.js';
import { ProviderServicesService } from './provider-services.service.js';
import { ServiceReview } from './service-review.js';
import { SpecialHoursController } from '../regional/special-hours.controller.js';
import { SpecialHoursService } from '../regional/special-hours.service.js';

/** The provider dashboard's API, and ServiceReview for admin moderation to apply its decisions. */
@Module({
  // Bookings' transaction runner and clock: one SQLite write queue and one "now" for the whole app.
  imports: [BookingsModule],
  controllers: [ProviderPortalController, SpecialHoursController],
  providers: [ProviderProfiles, ProviderServicesService, ProviderDashboardService, ServiceReview, SpecialHoursService],
  exports: [ProviderProfiles, ServiceReview],
})
export class ProviderPortalModule {}
