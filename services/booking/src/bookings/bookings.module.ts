import { Module } from '@nestjs/common';
import { Clock, OutboxModule } from '@khidma/nest-kit';
import { BookingsController } from './bookings.controller.js';
import { BookingsService } from './bookings.service.js';
import { SlotCalendar } from './slot-calendar.js';
import { BookingTransactions } from './transactions.js';

@Module({
  imports: [OutboxModule],
  controllers: [BookingsController],
  providers: [BookingsService, BookingTransactions, SlotCalendar, Clock],
  exports: [BookingsService, BookingTransactions, SlotCalendar, Clock],
})
export class BookingsModule {}
