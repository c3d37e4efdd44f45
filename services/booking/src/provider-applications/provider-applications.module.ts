import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { ProviderApplicationsController } from './provider-applications.controller.js';
import { ProviderApplicationsService } from './provider-applications.service.js';

@Module({
  // Bookings' transaction runner: one SQLite write queue for the whole app.
  imports: [BookingsModule],
  controllers: [ProviderApplicationsController],
  providers: [ProviderApplicationsService],
  exports: [ProviderApplicationsService],
})
export class ProviderApplicationsModule {}
