import { Module } from '@nestjs/common';
import { Clock, OutboxModule } from '@khidma/nest-kit';
import { BookingsController } from './bookings.controller.js';
import { BookingsService } from './bookings.service.js';
import { BookingTransactions } from './transactions.js';

@Module({
  imports: [OutboxModule],
  controllers: [BookingsController],
  providers: [BookingsService, BookingTransactions, Clock],
  exports: [BookingsService, BookingTransactions, Clock],
})
export class BookingsModule {}
