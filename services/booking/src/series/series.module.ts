import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { SeriesController } from './series.controller.js';
import { SeriesService } from './series.service.js';

@Module({
  imports: [BookingsModule],
  controllers: [SeriesController],
  providers: [SeriesService],
})
export class SeriesModule {}
