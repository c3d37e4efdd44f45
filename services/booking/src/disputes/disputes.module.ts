import { Module } from '@nestjs/common';
import { OutboxModule } from '@khidma/nest-kit';
import { AdminAuditModule } from '../audit/admin-audit.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { AdminDisputesController, DisputesController } from './disputes.controller.js';
import { DisputesService } from './disputes.service.js';

@Module({
  // Bookings' transaction runner and clock (one SQLite write queue, one "now"); the audit log.
  imports: [OutboxModule, BookingsModule, AdminAuditModule],
  controllers: [DisputesController, AdminDisputesController],
  providers: [DisputesService],
})
export class DisputesModule {}
