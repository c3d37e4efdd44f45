import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { AdminAuditController } from './admin-audit.controller.js';
import { AdminAuditLog } from './admin-audit.service.js';

/** The admin action audit log: the modules with admin decisions import it to record them. */
@Module({
  // Bookings' clock: an entry's time is the same "now" as the decision's.
  imports: [BookingsModule],
  controllers: [AdminAuditController],
  providers: [AdminAuditLog],
  exports: [AdminAuditLog],
})
export class AdminAuditModule {}
