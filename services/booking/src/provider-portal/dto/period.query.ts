import { EARNINGS_PERIODS, type EarningsPeriod } from '@khidma/contracts';
import { IsIn, IsOptional } from 'class-validator';

export const BOOKING_PERIODS = [...EARNINGS_PERIODS, 'all'] as const;
export type BookingPeriod = (typeof BOOKING_PERIODS)[number];

/** `GET /api/provider/bookings?period=`: spec §9 default month; `all` for every booking. */
export class BookingsPeriodQuery {
  @IsOptional()
  @IsIn(BOOKING_PERIODS)
  period: BookingPeriod = 'month';
}

/** `GET /api/provider/earnings?period=` (default month). */
export class EarningsPeriodQuery {
  @IsOptional()
  @IsIn(EARNINGS_PERIODS)
  period: EarningsPeriod = 'month';
}
