import { BOOKING, BOOKING_LIST_LIMITS, BOOKING_TABS, type BookingTab, HOURLY_DURATION, LANGUAGES, type Language, PHONE_PATTERN, REFUND_DESTINATIONS, type RefundDestination } from '@khidma/contracts';
import { isCalendarDate, Trim, TrimToUndefined } from '@khidma/nest-kit';
import { Type } from 'class-transformer';
import { IsDivisibleBy, IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, MinLength, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

/** Every whole hour of a day, 00:00 … 23:00. */
const DAY_HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

@ValidatorConstraint({ name: 'isCalendarDate' })
export class CalendarDate implements ValidatorConstraintInterface {
  validate = (value: unknown) => typeof value === 'string' && isCalendarDate(value);
  defaultMessage = () => 'Please select a date';
}

/**
 * A slot: the calendar day (YYYY-MM-DD) and whole hour in the provider's region zone. Any hour may be
 * asked for (declared evening hours run to 01:00 and later); the booking rules say whether it is open.
 */
export class SlotDto {
  @Validate(CalendarDate)
  scheduledDate!: string;

  @IsIn(DAY_HOURS, { message: 'Please select a time' })
  scheduledTime!: string;
}

export class CreateBookingDto extends SlotDto {
  @IsUUID('all', { message: 'Please select a service type' })
  serviceId!: string;

  /** Minutes; whole hours for hourly services, ignored for per-job ones (the listing decides). */
  @IsOptional()
  @IsInt()
  @IsDivisibleBy(60, { message: 'Duration must be whole hours' })
  @Min(HOURLY_DURATION.min)
  @Max(HOURLY_DURATION.max)
  duration?: number;

  @Trim()
  @IsString({ message: 'Please enter your location' })
  @Length(1, 500, { message: 'Please enter your location' })
  clientAddress!: string;

  @Trim()
  @IsString({ message: 'Please enter your phone number' })
  @Matches(PHONE_PATTERN, { message: 'Please enter your phone number' })
  clientPhone!: string;

  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  specialInstructions?: string;

  @TrimToUndefined()
  @IsOptional()
  @IsString({ message: 'Please enter your name' })
  @Length(1, 100, { message: 'Please enter your name' })
  clientName?: string;

  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

export class RescheduleBookingDto extends SlotDto {}

export class CancelBookingDto {
  @Trim()
  @IsString({ message: 'Reason must be at least 10 characters' })
  @MinLength(BOOKING.cancelReasonMinLength, { message: 'Reason must be at least 10 characters' })
  @MaxLength(1000)
  cancellationReason!: string;

  /** Where a paid booking's card part goes back: the card (default) or Khidma credit, at once. */
  @IsOptional()
  @IsIn(REFUND_DESTINATIONS)
  refundTo?: RefundDestination;
}

export class DeclineBookingDto {
  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reason?: string;
}

export class AvailabilityQuery {
  @IsUUID('all')
  serviceId!: string;

  @Validate(CalendarDate)
  date!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @IsDivisibleBy(60)
  @Min(HOURLY_DURATION.min)
  @Max(HOURLY_DURATION.max)
  duration?: number;

  @IsOptional()
  @IsUUID('all')
  excludeBookingId?: string;
}

/** `GET /api/bookings/client/:userId?tab=&limit=&after=`: one page of one My Bookings tab. */
export class ClientBookingsQuery {
  @IsIn(Object.keys(BOOKING_TABS))
  tab!: BookingTab;

  @IsOptional()
  @Type(() => Number)
  @Max(BOOKING_LIST_LIMITS.maxLimit)
  @Min(1)
  @IsInt()
  limit: number = BOOKING_LIST_LIMITS.defaultLimit;

  /** The `nextCursor` of the previous page (base64url; far shorter than the bound). */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+$/)
  @MaxLength(300)
  @IsString()
  after?: string;
}
